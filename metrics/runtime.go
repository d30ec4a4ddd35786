package metrics

import (
	"bufio"
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// writeGo writes the Go runtime's go_* families, under the names and
// types Prometheus's Go client gives them.
func writeGo(e expo) {
	var gc debug.GCStats
	gc.PauseQuantiles = make([]time.Duration, 5)
	debug.ReadGCStats(&gc)
	e.family("go_gc_duration_seconds", "summary", "A summary of the wall-time pause (stop-the-world) duration in garbage collection cycles.")
	for i, q := range []string{"0", "0.25", "0.5", "0.75", "1"} {
		e.sample("go_gc_duration_seconds", "quantile", q, gc.PauseQuantiles[i].Seconds())
	}
	e.sample("go_gc_duration_seconds_sum", "", "", gc.PauseTotal.Seconds())
	e.sample("go_gc_duration_seconds_count", "", "", float64(gc.NumGC))

	gogc := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(gogc)
	if gogc[0].Value.Kind() == metrics.KindUint64 {
		e.gauge("go_gc_gogc_percent", "Heap size target percentage configured by the user, otherwise 100. This value is set by the GOGC environment variable, and the runtime/debug.SetGCPercent function.", float64(gogc[0].Value.Uint64()))
	}
	e.gauge("go_gc_gomemlimit_bytes", "Go runtime memory limit configured by the user, otherwise math.MaxInt64. This value is set by the GOMEMLIMIT environment variable, and the runtime/debug.SetMemoryLimit function.", float64(debug.SetMemoryLimit(-1)))
	e.gauge("go_goroutines", "Number of goroutines that currently exist.", float64(runtime.NumGoroutine()))
	e.family("go_info", "gauge", "Information about the Go environment.")
	e.sample("go_info", "version", runtime.Version(), 1)

	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	for _, s := range []struct {
		name, typ, help string
		v               float64
	}{
		{"alloc_bytes", "gauge", "Number of bytes allocated in heap and currently in use.", float64(ms.Alloc)},
		{"alloc_bytes_total", "counter", "Total number of bytes allocated in heap until now, even if released already.", float64(ms.TotalAlloc)},
		{"buck_hash_sys_bytes", "gauge", "Number of bytes used by the profiling bucket hash table.", float64(ms.BuckHashSys)},
		{"frees_total", "counter", "Total number of heap objects frees.", float64(ms.Frees)},
		{"gc_sys_bytes", "gauge", "Number of bytes used for garbage collection system metadata.", float64(ms.GCSys)},
		{"heap_alloc_bytes", "gauge", "Number of heap bytes allocated and currently in use, same as go_memstats_alloc_bytes.", float64(ms.HeapAlloc)},
		{"heap_idle_bytes", "gauge", "Number of heap bytes waiting to be used.", float64(ms.HeapIdle)},
		{"heap_inuse_bytes", "gauge", "Number of heap bytes that are in use.", float64(ms.HeapInuse)},
		{"heap_objects", "gauge", "Number of currently allocated objects.", float64(ms.HeapObjects)},
		{"heap_released_bytes", "gauge", "Number of heap bytes released to OS.", float64(ms.HeapReleased)},
		{"heap_sys_bytes", "gauge", "Number of heap bytes obtained from system.", float64(ms.HeapSys)},
		{"last_gc_time_seconds", "gauge", "Number of seconds since 1970 of last garbage collection.", float64(ms.LastGC) / 1e9},
		{"mallocs_total", "counter", "Total number of heap objects allocated, both live and gc-ed.", float64(ms.Mallocs)},
		{"mcache_inuse_bytes", "gauge", "Number of bytes in use by mcache structures.", float64(ms.MCacheInuse)},
		{"mcache_sys_bytes", "gauge", "Number of bytes used for mcache structures obtained from system.", float64(ms.MCacheSys)},
		{"mspan_inuse_bytes", "gauge", "Number of bytes in use by mspan structures.", float64(ms.MSpanInuse)},
		{"mspan_sys_bytes", "gauge", "Number of bytes used for mspan structures obtained from system.", float64(ms.MSpanSys)},
		{"next_gc_bytes", "gauge", "Number of heap bytes when next garbage collection will take place.", float64(ms.NextGC)},
		{"other_sys_bytes", "gauge", "Number of bytes used for other system allocations.", float64(ms.OtherSys)},
		{"stack_inuse_bytes", "gauge", "Number of bytes obtained from system for stack allocator in non-CGO environments.", float64(ms.StackInuse)},
		{"stack_sys_bytes", "gauge", "Number of bytes obtained from system for stack allocator.", float64(ms.StackSys)},
		{"sys_bytes", "gauge", "Number of bytes obtained from system.", float64(ms.Sys)},
	} {
		e.family("go_memstats_"+s.name, s.typ, s.help)
		e.sample("go_memstats_"+s.name, "", "", s.v)
	}
	e.gauge("go_sched_gomaxprocs_threads", "The current runtime.GOMAXPROCS setting, or the number of operating system threads that can execute user-level Go code simultaneously.", float64(runtime.GOMAXPROCS(0)))
	threads, _ := runtime.ThreadCreateProfile(nil)
	e.gauge("go_threads", "Number of OS threads created.", float64(threads))
}

// userHZ is the unit of the times in /proc/self/stat, on every Linux
// platform Go runs on.
const userHZ = 100

// writeProcess writes the process's process_* families, under the names
// and types Prometheus's Go client gives them, from /proc. Where /proc
// cannot be read (not Linux), what it holds is left out.
func writeProcess(e expo) {
	stat, statErr := procStat()
	if statErr == nil {
		e.counter("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", float64(stat.utime+stat.stime)/userHZ)
	}
	var nofile, as syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &nofile) == nil {
		e.gauge("process_max_fds", "Maximum number of open file descriptors.", float64(nofile.Cur))
	}
	if rx, tx, err := netDev(); err == nil {
		e.counter("process_network_receive_bytes_total", "Number of bytes received by the process over the network.", rx)
		e.counter("process_network_transmit_bytes_total", "Number of bytes sent by the process over the network.", tx)
	}
	if fds, err := os.ReadDir("/proc/self/fd"); err == nil {
		e.gauge("process_open_fds", "Number of open file descriptors.", float64(len(fds)))
	}
	if statErr == nil {
		e.gauge("process_resident_memory_bytes", "Resident memory size in bytes.", float64(stat.rss*uint64(os.Getpagesize())))
		if boot, err := bootTime(); err == nil {
			e.gauge("process_start_time_seconds", "Start time of the process since unix epoch in seconds.", boot+float64(stat.start)/userHZ)
		}
		e.gauge("process_virtual_memory_bytes", "Virtual memory size in bytes.", float64(stat.vsize))
	}
	if syscall.Getrlimit(syscall.RLIMIT_AS, &as) == nil {
		e.gauge("process_virtual_memory_max_bytes", "Maximum amount of virtual memory available in bytes.", float64(as.Cur))
	}
}

// stat is what writeProcess reads of /proc/self/stat.
type stat struct{ utime, stime, start, vsize, rss uint64 }

// procStat reads /proc/self/stat (proc(5)). The command name, field 2,
// may hold spaces, so fields are counted after its closing parenthesis.
func procStat() (stat, error) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return stat{}, err
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 22 {
		return stat{}, syscall.EINVAL
	}
	var s stat
	for _, v := range []struct {
		field int // as proc(5) numbers them
		to    *uint64
	}{{14, &s.utime}, {15, &s.stime}, {22, &s.start}, {23, &s.vsize}, {24, &s.rss}} {
		if *v.to, err = strconv.ParseUint(f[v.field-3], 10, 64); err != nil {
			return stat{}, err
		}
	}
	return s, nil
}

// bootTime is when the machine booted, in seconds since the epoch, from
// the btime line of /proc/stat.
func bootTime() (float64, error) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "btime "); ok {
			return strconv.ParseFloat(v, 64)
		}
	}
	return 0, syscall.ENOENT
}

// netDev sums the bytes received and sent over every interface of the
// process's network namespace, from /proc/self/net/dev.
func netDev() (rx, tx float64, err error) {
	b, err := os.ReadFile("/proc/self/net/dev")
	if err != nil {
		return 0, 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		_, counts, ok := strings.Cut(line, ":")
		f := strings.Fields(counts)
		if !ok || len(f) < 9 {
			continue // the two header lines
		}
		r, err1 := strconv.ParseFloat(f[0], 64)
		t, err2 := strconv.ParseFloat(f[8], 64)
		if err1 != nil || err2 != nil {
			continue // a header line
		}
		rx, tx = rx+r, tx+t
	}
	return rx, tx, nil
}
