# 100 years, the longest horizon, but of 1-second decay runs (calc_period=1):
# 3 billion runs, refused at once rather than stepped through for minutes.
fs-tree --sample | sed 's/^#calc_period=300$/#calc_period=1/' | timeout 10 fs-explain --forecast --horizon 36525d astro/alice bob
