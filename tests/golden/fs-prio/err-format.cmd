fs-prio --conf golden/fs-prio-cluster.conf -o '%i %z'
