fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --usage-factor normal=-1 -u astro/bob --cost
