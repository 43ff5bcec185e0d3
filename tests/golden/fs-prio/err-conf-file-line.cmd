fs-prio --conf golden/fs-prio-bad-hosts.conf
