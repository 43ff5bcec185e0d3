fs-prio -t - --set 'PartitionName=p'
