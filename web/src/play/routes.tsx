import type { AppRoute } from '../app/route-types';
import { CreateGamePage } from './CreateGamePage';
import { GamePage } from './GamePage';
import { LobbyPage } from './LobbyPage';
import { LeaderboardPage, ProfilePage } from './RatingsPages';
import { ReplayPage } from './ReplayPage';
import './play.css';

/**
 * The player pages: lobby, create, a game (seats, play, spectate) and replays. A game's page is
 * public: without an account (or a seat) it is the spectator's view.
 */
export const playRoutes: AppRoute[] = [
  { path: '/', component: LobbyPage, nav: 'pages.nav.lobby' },
  { path: '/games/new', component: CreateGamePage, nav: 'pages.nav.newGame', access: 'user' },
  { path: '/games/:id', component: GamePage },
  { path: '/games/:id/replay', component: ReplayPage },
  { path: '/leaderboard', component: LeaderboardPage, nav: 'pages.nav.leaderboards' },
  { path: '/leaderboard/:type', component: LeaderboardPage },
  { path: '/players/:username', component: ProfilePage },
];
