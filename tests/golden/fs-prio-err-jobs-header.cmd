fs-prio --set 'PartitionName=p' --jobs golden/fs-prio-jobs-bad-header.tsv
