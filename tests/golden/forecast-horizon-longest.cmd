# The longest horizon, 100 years of 5-minute decay runs (10.5 million),
# answers within seconds: about 1.5 s here.
fs-tree --sample | timeout 20 fs-explain --forecast --horizon 36525d astro/alice bob --rate astro/alice=4
