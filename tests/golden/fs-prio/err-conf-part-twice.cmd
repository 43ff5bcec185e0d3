fs-prio --set 'PartitionName=p' --set 'PartitionName=p'
