fs-prio --usage-factor normal=2 -j 1
