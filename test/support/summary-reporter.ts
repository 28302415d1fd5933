import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the ten slowest test files (what to look at when the suite outgrows its 10 minutes), then
 * one plain closing line, `Tests: N passed, N failed, N skipped`, after vitest's own summary: a
 * format CI tools read whatever the test runner.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
    }
    const slowest = testModules
      .map((module) => ({ file: module.relativeModuleId, seconds: (module.diagnostic().duration + module.diagnostic().setupDuration) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    console.log('\nSlowest test files (tests and hooks):');
    for (const { file, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
    console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
