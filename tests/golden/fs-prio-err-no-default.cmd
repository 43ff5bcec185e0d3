fs-prio --set 'PartitionName=p' --set 'PartitionName=q' --user u --account a
