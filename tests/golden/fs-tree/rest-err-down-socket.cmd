fs-tree --rest unix:/nonexistent/slurmrestd.sock
