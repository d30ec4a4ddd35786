package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/store"
)

func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = runMain(context.Background(), &env{stdout: &out, stderr: &errOut}, args)
	return code, out.String(), errOut.String()
}

func TestScenarioCheck(t *testing.T) {
	code, out, _ := run(t, "scenario", "check", "../../scenarios/frontier.yaml")
	if code != exitOK || !strings.Contains(out, "28 systems") {
		t.Errorf("scenario check frontier.yaml = %d, %q; want success", code, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	frontier, _ := os.ReadFile("../../scenarios/frontier.yaml")
	os.WriteFile(bad, bytes.Replace(frontier, []byte("[drakkar, ferrum]"), []byte("[drakkar, fernum]"), 1), 0o644)
	code, _, errOut := run(t, "scenario", "check", bad)
	if code != exitProblems || !strings.Contains(errOut, "bad.yaml:") || !strings.Contains(errOut, "fernum") {
		t.Errorf("scenario check with a bad lane = %d, %q; want exit %d naming file:line and the system", code, errOut, exitProblems)
	}
}

func TestUsage(t *testing.T) {
	if code, _, errOut := run(t, "frobnicate"); code != exitUsage || !strings.Contains(errOut, "pbemd run") {
		t.Errorf("unknown command = %d, %q; want usage", code, errOut)
	}
	if code, _, errOut := run(t, "sim", "--turns", "x"); code != exitUsage || !strings.Contains(errOut, "usage: pbemd sim") {
		t.Errorf("bad flag = %d, %q; want usage", code, errOut)
	}
}

func TestInitRefusesALockedDataFile(t *testing.T) {
	t.Parallel() // waits out the lock wait
	dir := t.TempDir()
	pass := filepath.Join(dir, "pass")
	os.WriteFile(pass, []byte("x\n"), 0o600)
	cfg := strings.ReplaceAll(string(config.Example()), "/var/lib/pbemd/pbemd.db", filepath.Join(dir, "pbemd.db"))
	cfg = strings.ReplaceAll(cfg, "/etc/pbemd/imap.pass", pass)
	cfg = strings.ReplaceAll(cfg, "/etc/pbemd/smtp.pass", pass)
	path := filepath.Join(dir, "pbemd.yaml")
	os.WriteFile(path, []byte(cfg), 0o600)
	if code, out, errOut := run(t, "config", "test", path); code != exitOK {
		t.Fatalf("config test = %d, %q %q", code, out, errOut)
	}
	d, err := openDaemon(t.Context(), &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}, newFlags("run"), []string{"--config", path})
	if err != nil {
		t.Fatal(err)
	}
	defer d.db.Close()
	code, _, errOut := run(t, "init", "--config", path, "--scenario", "../../scenarios/frontier.yaml")
	if code != exitLocked || !strings.Contains(errOut, "in use by another pbemd process") {
		t.Errorf("init while the data file is held = %d, %q; want exit %d", code, errOut, exitLocked)
	}
}

// TestREADMEShowsTheExampleConfig keeps the README's config reference in
// step with config.Example.
func TestREADMEShowsTheExampleConfig(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(readme, config.Example()) {
		t.Error("README.md does not hold config.Example() verbatim; copy config/example.yaml into it")
	}
	for _, cmd := range []string{"go run ./cmd/pbemd demo", "go test ./..."} {
		if !bytes.Contains(readme[:200], []byte(cmd)) {
			t.Errorf("README.md does not begin with %q", cmd)
		}
	}
}

// TestREADMEListsEveryPackage: the README's layout table has a row for
// every package of the module, and no row for a package that is gone.
func TestREADMEListsEveryPackage(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, layout, ok := strings.Cut(string(readme), "\n## Layout\n")
	if !ok {
		t.Fatal("README.md has no \"## Layout\" section")
	}
	listed := map[string]bool{}
	row := map[string]int{}
	for i, m := range regexp.MustCompile("(?m)^\\| `([a-z0-9/]+)` \\|").FindAllStringSubmatch(layout, -1) {
		listed[m[1]] = true
		row[m[1]] = i
	}
	var packages []string
	root := "../.."
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".go") {
			if dir, _ := filepath.Rel(root, filepath.Dir(path)); !slices.Contains(packages, dir) {
				packages = append(packages, filepath.ToSlash(dir))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range packages {
		if !listed[p] {
			t.Errorf("README.md's layout table has no row for package %s", p)
		}
		delete(listed, p)
	}
	for p := range listed {
		t.Errorf("README.md's layout table lists %s, which is no package", p)
	}
	for _, p := range packages {
		for _, imp := range moduleImports(t, filepath.Join(root, p)) {
			if i, ok := row[imp]; ok && i < row[p] {
				t.Errorf("README.md's layout table lists %s above %s, which imports it", imp, p)
			}
		}
	}
}

// moduleImports lists what the non-test files of the package in dir
// import of this module, by their paths in it.
func moduleImports(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range f.Imports {
			if path, _ := strconv.Unquote(spec.Path.Value); strings.HasPrefix(path, "github.com/pbemd/pbemd/") {
				out = append(out, strings.TrimPrefix(path, "github.com/pbemd/pbemd/"))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestSecondOpenExitsAtOnce: with the data file held by another open and
// no control socket to ask, `pbemd run` still gives up within the lock
// wait, with exit 4 and the file's name.
func TestSecondOpenExitsAtOnce(t *testing.T) {
	t.Parallel() // waits out the lock wait
	site := newTestSite(t)
	db, err := store.Open(site.data, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := time.Now()
	code, _, errOut := run(t, "run", "--config", site.config)
	if took := time.Since(start); took > lockWait+time.Second {
		t.Errorf("run waited %v for the data file, want about %v", took, lockWait)
	}
	if code != exitLocked || !strings.Contains(errOut, site.data) || !strings.Contains(errOut, "in use by another pbemd process") {
		t.Errorf("run on a held data file = %d, %q; want exit %d naming %s", code, errOut, exitLocked, site.data)
	}
}

// TestConfigTestExitCodes: a config that cannot be used exits 2, from
// `config test` and from `run` alike, so systemd does not restart a daemon
// over it (RestartPreventExitStatus=2); a scenario with problems still
// exits 3.
func TestConfigTestExitCodes(t *testing.T) {
	site := newTestSite(t)
	if code, out, errOut := run(t, "config", "test", site.config); code != exitOK || !strings.Contains(out, "no problems") {
		t.Fatalf("config test of a good config = %d, %q, %q", code, out, errOut)
	}
	good, _ := os.ReadFile(site.config)
	bad := filepath.Join(site.dir, "bad.yaml")
	tests := []struct {
		name, config, want string
	}{
		{"unknown key", strings.Replace(string(good), "address:", "adress:", 1), "bad.yaml:2:1"},
		{"bad tls mode", strings.Replace(string(good), "tls: none", "tls: maybe", 1), "bad.yaml:3"},
		{"missing password file", strings.Replace(string(good), "password_file: pass", "password_file: nopass", 1), "nopass"},
		{"not YAML", "data: [", "bad.yaml"},
	}
	for _, tc := range tests {
		os.WriteFile(bad, []byte(tc.config), 0o600)
		for _, args := range [][]string{{"config", "test", bad}, {"run", "--config", bad}} {
			code, _, errOut := run(t, args...)
			if code != exitConfig || !strings.Contains(errOut, tc.want) {
				t.Errorf("%s: pbemd %s = %d, %q; want exit %d mentioning %q", tc.name, strings.Join(args[:len(args)-1], " "), code, errOut, exitConfig, tc.want)
			}
		}
	}
	if code, _, errOut := run(t, "config", "test", filepath.Join(site.dir, "missing.yaml")); code != exitConfig || !strings.Contains(errOut, "missing.yaml") {
		t.Errorf("config test of a missing file = %d, %q; want exit %d", code, errOut, exitConfig)
	}
	if _, err := os.Stat(site.data); err == nil {
		t.Error("a refused config created the data file")
	}
}

// TestHelp walks the command table: -h and --help on every command print
// its usage on stdout and exit 0, and every flag the command takes is in
// that usage and in the synopsis `pbemd help` shows (issue 12, item 21).
func TestHelp(t *testing.T) {
	for _, c := range commands {
		words := strings.Fields(c.name)
		var hr helpRequest
		if err := c.run(t.Context(), &env{stdout: io.Discard, stderr: io.Discard}, []string{"--help"}); !errors.As(err, &hr) {
			t.Errorf("pbemd %s --help: run = %v, want a help request", c.name, err)
			continue
		}
		for _, args := range [][]string{append(slices.Clone(words), "--help"), append(slices.Clone(words), "-h"), append([]string{"help"}, words...)} {
			code, out, errOut := run(t, args...)
			if code != exitOK || errOut != "" || !strings.HasPrefix(out, "usage: pbemd "+c.name) {
				t.Errorf("pbemd %s = %d, %q, %q; want exit 0 and the usage on stdout", strings.Join(args, " "), code, out, errOut)
			}
			hr.flags.VisitAll(func(f *flag.Flag) {
				flagRe := regexp.MustCompile(`--` + regexp.QuoteMeta(f.Name) + `\b`)
				if !flagRe.MatchString(out) {
					t.Errorf("pbemd %s does not list --%s:\n%s", strings.Join(args, " "), f.Name, out)
				}
				if !flagRe.MatchString(c.args) {
					t.Errorf("the synopsis of pbemd %s (%q) lacks --%s", c.name, c.args, f.Name)
				}
			})
		}
	}
	if code, out, _ := run(t, "--help"); code != exitOK || !strings.Contains(out, "pbemd run") {
		t.Errorf("pbemd --help = %d, %q; want the command list on stdout", code, out)
	}
}

// TestDataFileOpenToOthers: a command that opens a data file of mode 0644
// says so on stderr, with the fix, and still works.
func TestDataFileOpenToOthers(t *testing.T) {
	data := filepath.Join(t.TempDir(), "pbemd.db")
	db, err := store.Open(data, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	os.Chmod(data, 0o644)
	code, out, errOut := run(t, "status", "--data", data)
	if code != exitOK || !strings.Contains(out, "no campaigns") || !strings.Contains(errOut, "mode=0644") || !strings.Contains(errOut, "chmod 600 "+data) {
		t.Errorf("status on a data file of mode 0644 = %d, %q, %q; want the status and a warning with the fix", code, out, errOut)
	}
}
