fs-prio -Q high=1
