fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf -Q scavenger=0 --usage-factor scavenger=0 -u hep/dave -q scavenger -n 64 -N 4 -t 2-0 --cost
