fs-prio --set 'PartitionName=p' --jobs golden/fs-prio-jobs-bad-number.tsv
