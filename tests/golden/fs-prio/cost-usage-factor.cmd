fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --usage-factor normal=2,scavenger=0 -u hep/dave -t 10:00 --cost
