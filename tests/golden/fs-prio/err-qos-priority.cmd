fs-prio --set 'PartitionName=p' -Q high=-1
