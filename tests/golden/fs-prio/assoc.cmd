fs-prio --tree - --set PriorityWeightAssoc=1000 --set 'PartitionName=main' --set 'PartitionName=prio' --jobs-file golden/fs-prio-jobs.tsv -Q high=100 -o '%.4i %.8u %.10Y %.10b %.6B'
