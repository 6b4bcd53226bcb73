// The search index finds exactly what a scan of every text would: the products and sellers whose text holds
// the keyword (case and spaces ignored), in the order they were added.
import type { CreatorProfile } from '@creator-market/fixtures';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Collection } from '../src/world/collection';
import { SearchIndex } from '../src/world/search-index';

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, '');
/** Short texts over a few letters, so that keywords often match, partly match or match out of order. */
const text = fc.string({ unit: fc.constantFrom('키', '링', '스', '티', '커', 'a', 'B', ' '), maxLength: 12 });

describe('SearchIndex', () => {
  it('finds what a scan finds, in insertion order', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 40 }), text, (texts, keyword) => {
        const index = new SearchIndex();
        texts.forEach((t, i) => index.addProduct(`p${i}`, t));
        const k = normalise(keyword);
        const scanned = k ? texts.flatMap((t, i) => (normalise(t).includes(k) ? [`p${i}`] : [])) : [];
        expect(index.productIds(keyword)).toEqual(scanned);
      }),
      { numRuns: 500, seed: 17 },
    );
  });

  it('finds what a scan finds when texts are added after a search (its compacted positions opened again)', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 20 }), fc.array(text, { maxLength: 20 }), text, (before, after, keyword) => {
        const index = new SearchIndex();
        before.forEach((t, i) => index.addProduct(`p${i}`, t));
        const scan = (texts: string[]) => {
          const k = normalise(keyword);
          return k ? texts.flatMap((t, i) => (normalise(t).includes(k) ? [`p${i}`] : [])) : [];
        };
        expect(index.productIds(keyword)).toEqual(scan(before));
        after.forEach((t, i) => index.addProduct(`p${before.length + i}`, t));
        expect(index.productIds(keyword)).toEqual(scan([...before, ...after]));
      }),
      { numRuns: 300, seed: 23 },
    );
  });

  it('matches a keyword as one piece, not its characters or bigrams in any order', () => {
    const index = new SearchIndex();
    index.addSeller('s1', '말랑 스튜디오');
    index.addSeller('s2', '스튜 디오말랑');
    index.addSeller('s3', '디오 스튜');
    expect(index.sellerIds('스튜디오')).toEqual(['s1', 's2']);
    expect(index.sellerIds('오말')).toEqual(['s2']);
    expect(index.sellerIds('튜')).toEqual(['s1', 's2', 's3']);
    expect(index.sellerIds('  ')).toEqual([]);
    // A character outside the BMP is two UTF-16 units, like a bigram: found once, not once per table.
    index.addSeller('s4', '곰😀곰');
    expect(index.sellerIds('😀')).toEqual(['s4']);
    expect(index.sellerIds('곰😀')).toEqual(['s4']);
  });

  it("finds a world's own sellers by their text now: registered, renamed or removed after the index was built from its base", () => {
    /** A seller as the index reads it: its name and public id. */
    const seller = (id: string, name: string) => ({ _id: id, publicId: id, info: { name } }) as unknown as CreatorProfile;
    const change = fc.oneof(
      fc.record({ op: fc.constant('rename' as const), at: fc.nat(), name: text }),
      fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
      fc.record({ op: fc.constant('register' as const), name: text }),
    );
    fc.assert(
      fc.property(fc.array(text, { maxLength: 15 }), fc.array(change, { maxLength: 12 }), text, (names, changes, keyword) => {
        const base = new Collection<CreatorProfile>((s) => s._id);
        const index = new SearchIndex();
        names.forEach((name, i) => {
          base.insert(seller(`s${i}`, name));
          index.addSeller(`s${i}`, `${name} s${i}`);
        });
        const world = base.overlay();
        changes.forEach((c, n) => {
          const ids = [...world.all()].map((s) => s._id);
          if (c.op === 'register') world.insert(seller(`new${n}`, c.name));
          else if (ids.length === 0) return;
          else if (c.op === 'rename') world.update(ids[c.at % ids.length]!, (s) => ({ ...s, info: { ...s.info, name: c.name } }));
          else world.remove(ids[c.at % ids.length]!);
        });
        const k = normalise(keyword);
        const scanned = k ? [...world.all()].filter((s) => normalise(`${s.info.name} ${s.publicId}`).includes(k)).map((s) => s._id) : [];
        expect(index.sellerIds(keyword, world).sort()).toEqual(scanned.sort());
        // The base, which the index was built from, is found as it was.
        const asBuilt = k ? [...base.all()].filter((s) => normalise(`${s.info.name} ${s.publicId}`).includes(k)).map((s) => s._id) : [];
        expect(index.sellerIds(keyword, base)).toEqual(asBuilt);
      }),
      { numRuns: 400, seed: 31 },
    );
  });
});
