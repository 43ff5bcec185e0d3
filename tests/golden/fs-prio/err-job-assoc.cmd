fs-prio --tree - --conf golden/fs-prio-cluster.conf -Q high=100 --jobs-file golden/fs-prio-jobs-bad-assoc.tsv
