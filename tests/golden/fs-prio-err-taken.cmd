fs-prio --set 'PartitionName=p'
