fs-prio --conf golden/fs-prio-cluster.conf -w
