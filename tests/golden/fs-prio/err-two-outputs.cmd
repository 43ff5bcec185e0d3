fs-prio --conf golden/fs-prio-cluster.conf -l --json
