fs-prio --set PriorityType=priority/basic --set 'PartitionName=p Default=YES' --jobs-file <(printf 'JobID\tUser\tAccount\tPartition\n1\tu\ta\tp\n')
