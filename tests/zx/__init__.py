# Z/X tests. A package, so that its module names (zx.test_cards ...) do not clash with X610Z's test modules.
