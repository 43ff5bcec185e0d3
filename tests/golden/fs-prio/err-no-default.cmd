fs-prio --new --set 'PartitionName=p' --set 'PartitionName=q' --user u --account a
