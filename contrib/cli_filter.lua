--[[
cli_filter.lua: fs-toolkit's lines at submission (fs-prio(1), AT SUBMISSION).

With CliFilterPlugins=cli_filter/lua in slurm.conf, Slurm's sbatch, salloc
and srun run this file (cli_filter.lua next to slurm.conf). Once sbatch
has submitted a job, it prints on standard error what slurmctld gave the
job and where it stands:

  fs-toolkit: job 4242, chem/grace: FairShare 0.250000, rank 13 of 16; priority 8479, place 3 of 3 in partition main
  fs-toolkit: its cost: 57600 billing-seconds; once it has run: FairShare 0.125000, rank 15 of 16 (as of 2026-11-25T14:05:00Z)
  fs-toolkit: under -A bio: place 1 of 3 instead of 3 of 3

The job's account, partitions, priority (the controller's, in each
partition), billing, time limit and array size come from its own record,
read once through libslurm by fs-prio --submitted (as squeue would show it
to its owner): every option sbatch accepts is taken as slurmctld took it.
The FairShare and rank, the place among the pending jobs and the user's
other accounts come from the snapshot that fs-cli-filter-snapshot (from
cron) keeps in SNAPSHOT, as of the time the lines end with. A job held,
waiting for a dependency or for --begin has no place, and the line says
why. Under PrivateData the snapshot shows a user only their own numbers,
and under PrivateData=jobs no place.

A job sbatch sends to another cluster of the same slurmdbd (-M NAME,
--clusters, #SBATCH -M, or SBATCH_CLUSTERS or SLURM_CLUSTERS in the
environment, which sbatch has applied to its options by the time
slurm_cli_pre_submit sees them: the "clusters" key) has that cluster's
id: fs-prio --submitted gets -M NAME, reads the job's record from that
cluster's controller and shows the snapshot (the local cluster's) only
when its tree is of the same cluster; otherwise the job's own lines
without FairShare, rank or place. fs-prio reads no SLURM_CLUSTERS of its
own: the hook passes what sbatch chose. With more than one cluster
(-M a,b) sbatch picks one and does not say which: no lines.

It never changes the job nor fails the submission, and sbatch waits at
most BUDGET seconds for it: fs-prio runs under timeout -s KILL; whatever
goes wrong (no snapshot, a corrupt one, no fs-prio, the budget spent), it
prints nothing.

A user turns it off with FS_CLI_FILTER=off in the environment or a file
~/.fs-toolkit-quiet; FS_CLI_FILTER=all prints the lines for salloc and
srun too. FS_CLI_FILTER_DEBUG=1 shows the command and what was left out,
and why.
]]

local FS_PRIO = "@BINDIR@/fs-prio"
local SNAPSHOT = "/var/lib/fs-toolkit"
local BUDGET = 1	-- seconds a submission may wait for the lines

local DEBUG = (os.getenv("FS_CLI_FILTER_DEBUG") or "") ~= ""

local function debug(msg)
	if DEBUG then
		io.stderr:write("fs-toolkit: " .. msg .. "\n")
	end
end

local function quote(s)
	return "'" .. string.gsub(s, "'", "'\\''") .. "'"
end

local function quiet()
	local v = os.getenv("FS_CLI_FILTER")
	if v == "off" then
		return true
	end
	local home = os.getenv("HOME")
	if home then
		local f = io.open(home .. "/.fs-toolkit-quiet", "r")
		if f then
			f:close()
			return true
		end
	end
	return false
end

-- Whether this submission gets the lines: set before it, read after.
local wanted = false
-- The cluster(s) sbatch sends it to (-M), or nil: the local one.
local clusters = nil

local function report(jobid)
	local cmd = "exec timeout -s KILL " .. BUDGET .. " " ..
		quote(FS_PRIO) .. " --submitted " .. string.format("%d", jobid) ..
		(clusters and " -M " .. quote(clusters) or "") ..
		" --snapshot " .. quote(SNAPSHOT) .. " </dev/null 2>&1"
	debug(cmd)
	-- fs-prio leaves no process behind: the pipe ends with it.
	local p = io.popen(cmd, "r")
	if not p then
		return
	end
	local text = p:read("*a") or ""
	local ok = p:close()
	local lines, notes = {}, {}
	for l in string.gmatch(text, "[^\n]+") do
		if string.match(l, "^fs%-toolkit: ") then
			table.insert(lines, l)
		else
			table.insert(notes, l)
		end
	end
	if ok and #lines > 0 then
		io.stderr:write(table.concat(lines, "\n") .. "\n")
	else
		debug("nothing to say")
	end
	for _, l in ipairs(notes) do
		debug(l)
	end
end

function slurm_cli_setup_defaults(options, early_pass)
	return slurm.SUCCESS
end

function slurm_cli_pre_submit(options, pack_offset)
	-- Once per submission: the first component of a heterogeneous job.
	if pack_offset == nil or pack_offset <= 0 then
		local ok, kind = pcall(function() return options["type"] end)
		wanted = not quiet() and ok and
			(kind == "sbatch" or os.getenv("FS_CLI_FILTER") == "all")
	end
	-- -M as sbatch holds it now (#SBATCH -M, SBATCH_CLUSTERS and
	-- SLURM_CLUSTERS already applied, the command line over them); of
	-- each component, as sbatch sends the job where its last one says.
	local ok, m = pcall(function() return options["clusters"] end)
	clusters = ok and type(m) == "string" and m ~= "" and m or nil
	return slurm.SUCCESS
end

function slurm_cli_post_submit(offset, jobid, stepid)
	-- Once per job: sbatch calls this for each component, with the
	-- leader's id.
	if wanted and (offset == nil or offset <= 0) and jobid and jobid > 0 then
		pcall(report, jobid)
	end
	return slurm.SUCCESS
end
