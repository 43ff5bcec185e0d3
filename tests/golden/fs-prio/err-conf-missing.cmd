fs-prio --conf golden/no-such.conf
