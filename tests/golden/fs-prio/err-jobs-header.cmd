fs-prio --set 'PartitionName=p' --jobs-file golden/fs-prio-jobs-bad-header.tsv
