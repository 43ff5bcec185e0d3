fs-decay --elapsed 2d < golden/fs-prio-tree.tsv | fs-rank | fs-prio -t - --conf golden/fs-prio-cluster.conf --jobs golden/fs-prio-jobs.tsv -Q high=100 --user alice --cpus 8 --time 2h
