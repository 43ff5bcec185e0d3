fs-prio --set 'PartitionName=p' --now yesterday
