/**
 * The catalog: every word the site shows, by key, per language. Each namespace is one file per
 * language (messages/<locale>/<namespace>.ts); the German file must have exactly the English file's
 * keys (`satisfies`, so a missing or stray key fails the type check; test/i18n/catalog.test.ts checks
 * the messages' arguments too). Keys are `<namespace>.<key>`; a game's namespace is its type id.
 */
import enAccount from './messages/en/account.js';
import enCommon from './messages/en/common.js';
import enConstructionYard from './messages/en/games/construction-yard.js';
import enGuildTown from './messages/en/games/guild-town.js';
import enMilestoneCity from './messages/en/games/milestone-city.js';
import enUrbanization from './messages/en/games/urbanization.js';
import enMail from './messages/en/mail.js';
import enPages from './messages/en/pages.js';
import enRefusals from './messages/en/refusals.js';
import deAccount from './messages/de/account.js';
import deCommon from './messages/de/common.js';
import deConstructionYard from './messages/de/games/construction-yard.js';
import deGuildTown from './messages/de/games/guild-town.js';
import deMilestoneCity from './messages/de/games/milestone-city.js';
import deUrbanization from './messages/de/games/urbanization.js';
import deMail from './messages/de/mail.js';
import dePages from './messages/de/pages.js';
import deRefusals from './messages/de/refusals.js';

type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}.${K}`]: string };

function prefixed<P extends string, T extends Record<string, string>>(prefix: P, messages: T): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [`${prefix}.${key}`, message])) as Prefixed<P, T>;
}

const en = {
  ...prefixed('common', enCommon),
  ...prefixed('pages', enPages),
  ...prefixed('account', enAccount),
  ...prefixed('refusal', enRefusals),
  ...prefixed('mail', enMail),
  ...prefixed('urbanization', enUrbanization),
  ...prefixed('construction-yard', enConstructionYard),
  ...prefixed('guild-town', enGuildTown),
  ...prefixed('milestone-city', enMilestoneCity),
};

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

const de: Messages = {
  ...prefixed('common', deCommon),
  ...prefixed('pages', dePages),
  ...prefixed('account', deAccount),
  ...prefixed('refusal', deRefusals),
  ...prefixed('mail', deMail),
  ...prefixed('urbanization', deUrbanization),
  ...prefixed('construction-yard', deConstructionYard),
  ...prefixed('guild-town', deGuildTown),
  ...prefixed('milestone-city', deMilestoneCity),
};

/** The catalog of each written language (the pseudo-locale is made from English, pseudo.ts). */
export const MESSAGES: { en: Messages; de: Messages } = { en, de };
