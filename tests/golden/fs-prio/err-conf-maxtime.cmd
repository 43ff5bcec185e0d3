fs-prio --set 'PartitionName=p MaxTime=forever'
