#!/usr/bin/env python3
"""Compares gold-free combination rules on the rows written by SelectionStudy, without refitting.

usage: selection_rules.py STUDY.csv [STUDY2.csv ...]
  Each STUDY.csv needs its STUDY-posteriors.csv beside it (both written by
  org.crowd4j.bench.SelectionStudy). Prints one Markdown row per rule: mean accuracy on the two
  fixed halves of the shared crowds (../shared/tools/design_confirm.py split, seed 1) and on all,
  how often it is within half a point of Dawid-Skene, and its worst gap to ds-map:2.
Standard library only.
"""
import collections
import csv
import statistics
import sys

HALF_A = 'dog fact-eval music sentiment snow-rte zencrowd-all zencrowd-in zencrowd-us'.split()
HALF_B = ('adult bluebirds crowdtruth-mre-cause crowdtruth-mre-treat labelme sentiment-polarity '
          'snow-temp snow-wsd web').split()
FAMILY = {'mv': 'votes', 'soft-mv': 'votes', 'wawa': 'votes', 'zbs': 'votes', 'mmsr': 'votes',
          'kos': 'votes', 'one-coin-ds': 'skill', 'glad': 'skill', 'mace': 'skill',
          'ds': 'confusion', 'ibcc': 'confusion', 'common-confusion-em': 'confusion',
          'crowd-mixture': 'confusion', 'mmce': 'item-confusion'}


def family(c):
    return 'confusion' if c.startswith('ds-map') else FAMILY.get(c, c)


def load(files):
    data = collections.OrderedDict()
    post = collections.defaultdict(lambda: collections.defaultdict(dict))
    for f in files:
        with open(f, newline='') as fh:
            for r in csv.DictReader(fh):
                d = data.setdefault(r['dataset'], collections.defaultdict(dict))
                v = float(r['value'])
                if r['kind'] == 'boot':
                    d['boot'].setdefault((r['generator'], r['candidate']), []).append(v)
                else:
                    d[r['kind']][r['candidate']] = v
        with open(f.replace('.csv', '-posteriors.csv')) as fh:
            for line in fh:
                x = line.rstrip('\n').split(',')
                post[x[0]][x[1]][int(x[2])] = (int(x[3]), [float(y) for y in x[4:]])
    return data, post


def main(files):
    data, post = load(files)

    def candidates(d):
        return [c for c in data[d]['real'] if c != 'stack']

    def mix(d, w):
        used = [c for c in w if w[c] > 0]
        right = n = 0
        for t, (gold, p0) in post[d][used[0]].items():
            s = [0.0] * len(p0)
            for c in used:
                for z, p in enumerate(post[d][c][t][1]):
                    s[z] += w[c] * p
            right += max(range(len(s)), key=lambda z: (s[z], -z)) == gold
            n += 1
        return right / n

    def pruned(w, floor=0.01):
        kept = {c: v for c, v in w.items() if v >= floor}
        total = sum(kept.values())
        return {c: v / total for c, v in kept.items()}

    def best_by(d, kind):
        scores = data[d][kind]
        return data[d]['real'][max(candidates(d), key=lambda c: scores[c] if scores[c] == scores[c] else -1e9)]

    def families(d):
        size = collections.Counter(family(c) for c in candidates(d))
        return {c: 1 / (len(size) * size[family(c)]) for c in candidates(d)}

    def blend(d):
        st, fa = pruned(data[d]['weight']), families(d)
        return {c: 0.5 * fa[c] + 0.5 * st.get(c, 0) for c in candidates(d)}

    def bootstrap(d):
        gens = pruned(data[d]['weight'])
        def expected(c):
            s = t = 0
            for g, wg in gens.items():
                a = [x for x in data[d]['boot'].get((g, c), []) if x == x]
                if a:
                    s += wg * statistics.mean(a)
                    t += wg
            return s / t if t else -1
        return data[d]['real'][max(candidates(d), key=expected)]

    rules = [
        ('stack on held-out answers (previous default)', lambda d: data[d]['real']['stack']),
        ('best held-out answer likelihood alone', lambda d: best_by(d, 'heldout')),
        ('stack on held-out annotators', lambda d: mix(d, pruned(data[d]['weight_ann']))),
        ('best held-out annotator likelihood alone', lambda d: best_by(d, 'heldout_ann')),
        ('parametric bootstrap: best expected accuracy under the stacked fitted models', bootstrap),
        ('every candidate, equal weights', lambda d: mix(d, {c: 1 for c in candidates(d)})),
        ('equal weight per family, equal within (FAMILIES)', lambda d: mix(d, families(d))),
        ('half families, half stack (BLEND)', lambda d: mix(d, blend(d))),
    ] + [('`%s` alone' % c, lambda d, c=c: data[d]['real'][c])
         for c in ('ds', 'ds-map:2', 'one-coin-ds', 'glad', 'mv')]
    a = [d for d in HALF_A if d in data]
    b = [d for d in HALF_B if d in data]
    print('| rule | half A (%d) | half B (%d) | all %d | ≥ ds − 0.5 | worst vs ds-map:2 |'
          % (len(a), len(b), len(data)))
    print('|---|---:|---:|---:|---:|---|')
    for name, rule in rules:
        v = {d: rule(d) for d in data}
        near = sum(v[d] >= data[d]['real']['ds'] - 0.005 for d in data)
        worst = min((v[d] - data[d]['real']['ds-map:2'], d) for d in data)
        print('| %s | %.4f | %.4f | %.4f | %d/%d | %+.4f (%s) |' % (
            name, statistics.mean(v[d] for d in a), statistics.mean(v[d] for d in b),
            statistics.mean(v.values()), near, len(data), worst[0], worst[1]))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]) if len(sys.argv) > 1 else (print(__doc__) or 2))
