fs-prio -t - --conf golden/fs-prio-cluster.conf -Q high=100 --jobs golden/fs-prio-jobs-bad-partition.tsv
