fs-prio --conf golden/fs-prio-include.conf --jobs-file <(printf "JobID\tUser\tAccount\tPartition\tCPUs\tNodes\n1\tu\ta\tp\t16\t4\n") --now 2026-11-20T08:00:00Z -o '%.4i %.10Y %.10J'
