# Accounts that carry a usage of their own move with their users; the
# others are summed.
printf "#fs-tsv 1\nAccount\tUser\tPartition\tParent\tRawShares\tRawUsage\nroot\t\t\t\t\t110.5\na\t\t\troot\t1\t100.5\na\tu\t\ta\t1\t60\na\tv\t\ta\t1\t40\nb\t\t\troot\t1\t\nb\tw\t\tb\t1\t10\n" | fs-rank --usage a/u=0 --usage b/w=30 | cut -f1-6,11
