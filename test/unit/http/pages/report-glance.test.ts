import { readdirSync, readFileSync } from 'node:fs';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { reportPage } from '#shared/http/pages/report-page.js';
import type { ScanResult } from '#shared/model/scans/scan-result.js';
import { findingsOf } from '#shared/model/scans/findings.js';
import { scoreBreakdown } from '#shared/model/scans/score-breakdown.js';
import { SHOPS_DIR } from '#test/fixtures/shop-server.js';

/** The recorded scans of every fixture shop at every tier (test/unit/scanner/golden-scans.test.ts). */
const goldenDir = new URL('../../scanner/golden/', import.meta.url);
const shops = readdirSync(SHOPS_DIR).sort();
const recorded = readdirSync(goldenDir)
  .filter((name) => name.endsWith('.json'))
  .sort();
const resultOf = (name: string): ScanResult => JSON.parse(readFileSync(new URL(name, goldenDir), 'utf8')) as ScanResult;

const number = (text: string) => Number(text.trim());
const priorityRank = { critical: 0, high: 1, medium: 2, low: 3 } as const;

describe('the report read at a glance, for every fixture shop', () => {
  it('has a recorded result for every shop', () => {
    expect(shops.length).toBeGreaterThan(0);
    for (const shop of shops) expect(recorded.filter((name) => name.startsWith(`${shop}.`)).length, shop).toBeGreaterThan(0);
  });

  describe.each(recorded)('%s', (name) => {
    const result = resultOf(name);
    const findings = findingsOf(result.recommendations);
    const $ = cheerio.load(reportPage(result, null));

    it('rebuilds from the checks the dimensions and the score the engine stored', () => {
      const breakdown = scoreBreakdown(result);
      expect(breakdown.dimensions.map(({ id, earned, available, percent }) => ({ id, earned, available, score: percent }))).toEqual(
        result.dimensions.map(({ id, earned, available, score }) => ({ id, earned, available, score })),
      );
      expect(breakdown.score).toBe(result.score);
    });

    it('shows a score section whose numbers add up to the headline score', () => {
      const rows = $('table.score-table tbody tr.dimension').toArray();
      expect(rows).toHaveLength(result.dimensions.length);
      const earned = rows.map((row) => number($(row).find('td.earned').text()));
      const available = rows.map((row) => number($(row).find('td.available').contents().first().text()));
      const totalEarned = number($('table.score-table td.total-earned').text());
      const totalAvailable = number($('table.score-table td.total-available').text());
      // Each dimension's points are shown to two decimals at most: their sum is the total shown.
      expect(Math.round(earned.reduce((sum, value) => sum + value, 0) * 100) / 100).toBe(totalEarned);
      expect(available.reduce((sum, value) => sum + value, 0)).toBe(totalAvailable);
      // The arithmetic written under the table, step by step, ends at the headline.
      const uncapped = Math.min(100, Math.max(1, totalAvailable > 0 ? Math.round((totalEarned / totalAvailable) * 100) : 1));
      expect(number($('.score-sum .uncapped').text())).toBe(uncapped);
      const cap = $('.score-sum .cap');
      const headline = cap.length > 0 ? Math.min(uncapped, number(cap.text())) : uncapped;
      expect(number($('.score-sum .headline').text())).toBe(headline);
      expect(headline).toBe(result.score);
      expect($('svg.gauge text').text()).toBe(String(result.score));
      // Each bar is its own dimension's percentage of the points it had available.
      rows.forEach((row, index) => {
        const percent = $(row).find('.percent').text();
        if (available[index] === 0) expect(percent).toBe('');
        else expect(percent).toBe(`${Math.round((earned[index]! / available[index]!) * 100)}%`);
      });
    });

    it('puts the summary first, with the score, band, verdicts and the top three fixes in priority order', () => {
      expect($('.report > section').first().attr('aria-labelledby')).toBe('summary-title');
      expect($('.summary .band').text()).not.toBe('');
      if (result.assistants.length > 0) expect($('ul.verdicts li').length).toBeGreaterThan(0);
      const top = $('ol.top-fixes a').toArray();
      expect(top.length).toBe(Math.min(3, findings.length));
      const shown = $('ol.fixes > li')
        .toArray()
        .map((entry) => $(entry).attr('id'));
      // Each top fix leads to its full entry: the first entries of the fixes, in the same order.
      expect(top.map((link) => $(link).attr('href'))).toEqual(shown.slice(0, top.length).map((id) => `#${id}`));
    });

    it('orders the fixes by priority, then gain, and the quick wins by gain per effort; the result keeps its own order', () => {
      const before = JSON.stringify(result.recommendations);
      const byCheck = new Map(findings.map((finding) => [finding.checkId, finding]));
      const entries = $('ol.fixes > li')
        .toArray()
        .map((entry) => byCheck.get(($(entry).attr('id') ?? '').replace(/^fix-/, ''))!);
      expect(entries).toHaveLength(findings.length);
      for (let index = 1; index < entries.length; index++) {
        const [previous, current] = [entries[index - 1]!, entries[index]!];
        const rank = priorityRank[previous.priority] - priorityRank[current.priority];
        expect(
          rank <= 0 && (rank < 0 || previous.estimatedGain >= current.estimatedGain),
          `${previous.checkId} before ${current.checkId}`,
        ).toBe(true);
      }
      // Beyond the first three, the fixes wait in a closed group.
      expect($('ol.fixes').first().children('li').length).toBe(Math.min(3, entries.length));
      expect($('details.more-fixes').attr('open')).toBeUndefined();
      if (entries.length > 1) {
        const effort = { S: 1, M: 2, L: 4 } as const;
        const quick = $('#quick-wins ol a')
          .toArray()
          .map((link) => byCheck.get(($(link).attr('href') ?? '').replace(/^#fix-/, ''))!);
        expect(quick).toHaveLength(entries.length);
        const perEffort = quick.map((fix) => fix.estimatedGain / effort[fix.effort]);
        expect(perEffort).toEqual([...perEffort].sort((a, b) => b - a));
      }
      expect(JSON.stringify(result.recommendations)).toBe(before);
    });

    it('gives one entry per change: what it also fixes inside it, every recommendation reachable by its anchor', () => {
      for (const finding of findings) {
        const entry = $(`ol.fixes > li#fix-${finding.checkId}`);
        expect(entry.attr('data-checks')).toBe(finding.checkIds.join(' '));
        expect(
          entry
            .find('ul.also-fixes > li')
            .toArray()
            .map((item) => $(item).attr('id')),
        ).toEqual(finding.also.map((fix) => `fix-${fix.checkId}`));
        expect(entry.find('.snippet').length).toBe(finding.lead.snippet === null ? 0 : 1);
      }
      for (const fix of result.recommendations) expect($(`#fix-${fix.checkId}`).length, fix.checkId).toBe(1);
    });

    it('lists the failing checks, and closes the passed ones in one group', () => {
      const failing = result.checks.filter((check) => check.status === 'fail' || check.status === 'warn');
      const passed = result.checks.filter((check) => check.status === 'pass');
      expect($('.checks-failing details.check').length).toBe(failing.length);
      expect($('details.checks-passed details.check').length).toBe(passed.length);
      if (passed.length > 0) {
        expect($('details.checks-passed').attr('open')).toBeUndefined();
        expect($('details.checks-passed > summary').text()).toBe(passed.length === 1 ? '1 check passed' : `${passed.length} checks passed`);
      }
      expect($('details.check').length).toBe(result.checks.length);
    });

    it('has a table of contents whose every link leads to a section heading', () => {
      const links = $('nav.toc a').toArray();
      expect(links.length).toBeGreaterThanOrEqual(7);
      for (const link of links) expect($(`h2${$(link).attr('href')}`).length, $(link).attr('href')).toBe(1);
    });

    it('colours each bar by its score band', () => {
      $('table.score-table tr.dimension').each((_, row) => {
        const percent = number($(row).find('.percent').text() || 'NaN');
        if (Number.isNaN(percent)) return;
        const band = percent >= 90 ? 'good' : percent >= 70 ? 'fair' : percent >= 50 ? 'weak' : 'poor';
        expect($(row).find('svg.bar').hasClass(`bar-${band}`)).toBe(true);
      });
    });
  });
});
