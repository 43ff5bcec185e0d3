--[[
cli_filter.lua: fs-toolkit's lines at submission (fs-prio(1), AT SUBMISSION).

With CliFilterPlugins=cli_filter/lua in slurm.conf, Slurm's sbatch, salloc
and srun run this file (cli_filter.lua next to slurm.conf). For sbatch it
prints on standard error the user's FairShare and rank under the account
the job runs in (-A, else the user's DefaultAccount, as sbatch), where the
job would land among the pending jobs, what it will cost, and for a user
in several accounts where the same job would land best:

  fs-toolkit: chem/grace: FairShare 0.250000, rank 13 of 16; this job: priority 8479, place 3 of 3 in partition main
  fs-toolkit: its cost: 57600 billing-seconds; once it has run: FairShare 0.125000, rank 15 of 16 (as of 2026-11-25T14:05:00Z)
  fs-toolkit: under -A bio: place 1 of 3 instead of 3 of 3

It asks no daemon: it runs fs-prio --new --brief once, offline, on the
snapshot that fs-cli-filter-snapshot (from cron) keeps in SNAPSHOT: the
user's own small file (per-user/users/NAME, fs-rank --per-user), else
the whole ranked tree. Under PrivateData=usage the user's file is theirs
alone and holds only what sshare shows them: the lines then say the
job's cost without the FairShare after it. It
never changes the job nor fails the submission, and the submission waits
at most BUDGET seconds for it: fs-prio runs under timeout -s KILL with its
output in a file, so nothing it leaves behind can hold sbatch; whatever
goes wrong (no snapshot, one this user may not read under PrivateData, a
corrupt one, no fs-prio, the budget spent, a user or account not in the
tree), it prints nothing and returns slurm.SUCCESS.

A user turns it off with FS_CLI_FILTER=off in the environment or a file
~/.fs-toolkit-quiet; FS_CLI_FILTER=all prints the lines for salloc and
srun too. FS_CLI_FILTER_DEBUG=1 shows the command, fs-prio's errors and
why nothing was printed.
]]

local FS_PRIO = "@BINDIR@/fs-prio"
local SNAPSHOT = "/var/lib/fs-toolkit"
local BUDGET = 1	-- seconds a submission may wait for the lines

local DEBUG = os.getenv("FS_CLI_FILTER_DEBUG")

local function debug(msg)
	if DEBUG then
		io.stderr:write("fs-toolkit: " .. msg .. "\n")
	end
end

local function quote(s)
	return "'" .. string.gsub(s, "'", "'\\''") .. "'"
end

-- An option's value when it matches pattern, else nil (unset options come
-- as nil or as Slurm's placeholders, which match no pattern).
local function opt(options, name, pattern)
	local ok, v = pcall(function() return options[name] end)
	if ok and type(v) == "string" and string.match(v, pattern) then
		return v
	end
	return nil
end

local function readable(path)
	local f = io.open(path, "r")
	if f then
		f:close()
		return true
	end
	return false
end

-- fs-prio's -Q and --usage-factor from `sacctmgr -nP show qos
-- format=name,priority,usagefactor`.
local function qos_args(path)
	local f = io.open(path, "r")
	if not f then
		return ""
	end
	local prio, factor = {}, {}
	for l in f:lines() do
		local n, p, u = string.match(l,
			"^([%w%._%-]+)|(%d*)|([%d%.]*)$")
		if n then
			if p ~= "" then
				table.insert(prio, n .. "=" .. p)
			end
			if u ~= "" then
				table.insert(factor, n .. "=" .. u)
			end
		end
	end
	f:close()
	local a = ""
	if #prio > 0 then
		a = a .. " -Q " .. quote(table.concat(prio, ","))
	end
	if #factor > 0 then
		a = a .. " --usage-factor " .. quote(table.concat(factor, ","))
	end
	return a
end

-- The shell command: fs-prio --new --brief under the budget, its output
-- into out, its errors into err; nil when there is nothing to run on.
local function command(options, out, err)
	local tree = SNAPSHOT .. "/ranked.tsv"
	local per = SNAPSHOT .. "/per-user"
	local pending = SNAPSHOT .. "/pending.tsv"
	local conf = os.getenv("SLURM_CONF") or "/etc/slurm/slurm.conf"
	if not readable(conf) then
		debug("cannot read " .. conf .. ": nothing to say")
		return nil
	end
	local a = " --new --brief --accounts --conf " .. quote(conf)
	a = a .. qos_args(SNAPSHOT .. "/qos.txt")
	if readable(pending) then
		a = a .. " --jobs-file " .. quote(pending)
	else
		debug("cannot read " .. pending .. " (none, or kept for " ..
			"root under PrivateData=jobs): no place in the queue")
	end
	local name = "[%w%._%-]+"
	local acct = opt(options, "account", "^" .. name .. "$")
	local part = opt(options, "partition", "^" .. name)
	local qos = opt(options, "qos", "^" .. name .. "$")
	local ntasks = opt(options, "ntasks", "^[1-9]%d*$")
	local cpt = opt(options, "cpus-per-task", "^[1-9]%d*$")
	local nodes = opt(options, "nodes", "^[1-9]%d*")
	local time = opt(options, "time", "^[%d:%-]+$")
	local mem = opt(options, "mem", "^%d+[KMGTkmgt]?$")
	local uid = opt(options, "uid", "^%d+$")
	if acct then a = a .. " -A " .. quote(acct) end
	if part then
		a = a .. " -p " .. quote(string.match(part, "^" .. name))
	end
	if qos then a = a .. " -q " .. quote(qos) end
	if ntasks then a = a .. " -n " .. ntasks end
	if cpt then a = a .. " -c " .. cpt end
	if nodes then a = a .. " -N " .. string.match(nodes, "^%d+") end
	if time then a = a .. " -t " .. quote(time) end
	if mem then a = a .. " --mem " .. quote(mem) end
	-- The user: fs-prio's own (the one submitting), but root may submit
	-- for another (sbatch --uid); 99 and 65534 are Slurm's and the
	-- system's nobody, --uid not given.
	-- The tree: the user's own file of the per-user snapshot (small:
	-- read at once), else the whole ranked tree.
	local script = "u=$(id -nu); "
	if uid and uid ~= "99" and uid ~= "65534" then
		script = script .. "v=$(id -nu " .. uid .. " 2>/dev/null); " ..
			"[ \"$(id -u)\" != 0 ] || [ -z \"$v\" ] || " ..
			"{ u=$v; set -- -u \"$u\"; }; "
	end
	script = script .. "if [ -r " .. quote(per) .. "/users/\"$u\" ]; " ..
		"then t=" .. quote(per) .. "; elif [ -r " .. quote(tree) ..
		" ]; then t=" .. quote(tree) .. "; else echo \"no " ..
		"per-user file and no ranked tree this user may read " ..
		"(no snapshot, or it is kept for root under PrivateData)\" " ..
		">&2; exit 1; fi; exec " .. quote(FS_PRIO) .. a ..
		" --tree \"$t\" \"$@\""
	-- timeout kills fs-prio (and whatever it started in its process
	-- group) when the budget is spent; the output goes to files, so
	-- nothing left running holds a pipe this script reads.
	return "timeout -s KILL " .. BUDGET .. " sh -c " .. quote(script) ..
		" </dev/null >" .. quote(out) .. " 2>" .. quote(err)
end

local function slurp(path)
	local f = io.open(path, "r")
	if not f then
		return ""
	end
	local s = f:read("*a") or ""
	f:close()
	return s
end

local function quiet()
	local v = os.getenv("FS_CLI_FILTER")
	if v == "off" then
		return true
	end
	local home = os.getenv("HOME")
	return home ~= nil and readable(home .. "/.fs-toolkit-quiet")
end

local function report(options)
	local kind = opt(options, "type", "^%a+$")
	if quiet() then
		return
	end
	if kind ~= "sbatch" and os.getenv("FS_CLI_FILTER") ~= "all" then
		return
	end
	local out, err = os.tmpname(), os.tmpname()
	local cmd = command(options, out, err)
	if cmd then
		debug(cmd)
		os.execute(cmd)
		local text = slurp(out)
		-- Only whole lines of fs-prio --brief are shown.
		if string.match(text, "^fs%-toolkit: [^\n]*\n") and
		    not string.match(text, "\n[^f\n]") then
			io.stderr:write(text)
			-- What was left out, and why.
			local e = string.gsub(slurp(err), "\n$", "")
			if e ~= "" then
				debug(e)
			end
		else
			debug("nothing to say: " .. slurp(err) .. text)
		end
	end
	os.remove(out)
	os.remove(err)
end

function slurm_cli_setup_defaults(options, early_pass)
	return slurm.SUCCESS
end

function slurm_cli_pre_submit(options, pack_offset)
	-- Once per submission: the first component of a heterogeneous job.
	if pack_offset == nil or pack_offset <= 0 then
		pcall(report, options)
	end
	return slurm.SUCCESS
end

function slurm_cli_post_submit(offset, jobid, stepid)
	return slurm.SUCCESS
end
