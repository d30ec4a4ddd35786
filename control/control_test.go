package control

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/rules"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/clock/clocktest"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

var t0 = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

// fixture is the duel campaign in a real store, with blue's final
// orders and red's draft on file for turn 1, and the Admin on it.
type fixture struct {
	db    *storetest.DB
	admin *Admin
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	sc, err := config.LoadScenario("testdata/duel.yaml", rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	db := storetest.Open(t)
	mod := moderator.New(moderator.Options{DB: db.DB, Rulesets: rules.Registry(), Address: "moderator@example.test", Clock: clocktest.New(t0)})
	if _, err := mod.CreateCampaign(t.Context(), sc); err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *store.Tx) error {
		for _, o := range []struct {
			player campaign.PlayerID
			final  bool
		}{{"blue", true}, {"red", false}} {
			sub := &orders.Submission{Campaign: "duel", Player: o.player, Turn: 1, Final: o.final}
			if err := tx.PutOrders("duel", &store.OrdersRecord{Player: o.player, Turn: 1, Submission: sub}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{db: db, admin: NewAdmin(db.DB, rules.Registry(), mod)}
}

// outbox counts the mails waiting in the outbox.
func (f *fixture) outbox(t *testing.T) int {
	t.Helper()
	var n int
	err := f.db.View(func(tx *store.Tx) error {
		queued, err := tx.Outbox(0)
		n = len(queued)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// dial serves the fixture's Admin over net.Pipe and returns a Client.
func (f *fixture) dial(t *testing.T) *Client {
	t.Helper()
	return f.dialBackend(t, f.admin)
}

// dialBackend serves b over net.Pipe and returns a Client.
func (f *fixture) dialBackend(t *testing.T, b Backend) *Client {
	t.Helper()
	srv := NewServer(ServerOptions{Backend: b, Data: f.db.Path(), Started: t0})
	serverEnd, clientEnd := net.Pipe()
	done := make(chan struct{})
	go func() { srv.ServeConn(t.Context(), serverEnd); close(done) }()
	c, err := NewClient(t.Context(), clientEnd)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(); <-done })
	return c
}

// backends are the two ways to reach an Admin: directly and over the
// protocol. Every command must behave the same through both.
func (f *fixture) backends(t *testing.T) map[string]Backend {
	return map[string]Backend{"admin": f.admin, "client": f.dial(t)}
}

// TestStatusListsPlayersWhoAreOut: a player out of the campaign (EaW
// 29.0) is listed as out, with why, and not as missing orders.
func TestStatusListsPlayersWhoAreOut(t *testing.T) {
	f := newFixture(t)
	const why = "eliminated: nothing of theirs is left on the map (EaW 29.0)"
	err := f.db.Update(func(tx *store.Tx) error {
		c, err := tx.Campaign("duel")
		if err != nil {
			return err
		}
		c.Seat("green").Out = why
		return tx.PutCampaign(c)
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range firstCampaigns(t, f) {
		if want := []SeatOut{{Player: "green", Why: why}}; len(c.Missing) != 0 || !reflect.DeepEqual(c.Out, want) {
			t.Errorf("%s: Status missing %v, out %+v; want none missing and %+v out", name, c.Missing, c.Out, want)
		}
	}
}

// firstCampaigns returns the status of the first campaign as each backend
// gives it, by the backend's name.
func firstCampaigns(t *testing.T, f *fixture) map[string]CampaignStatus {
	t.Helper()
	out := map[string]CampaignStatus{}
	for name, b := range f.backends(t) {
		st, err := b.Status(t.Context())
		if err != nil {
			t.Fatalf("%s: Status = %v", name, err)
		}
		out[name] = st.Campaigns[0]
	}
	return out
}

// TestStatusListsPlayersNotDue: a player who owes no orders for the open
// turn, as it is not their turn, is listed as waiting, and not as missing
// orders; the turn's deadline is that of the players due.
func TestStatusListsPlayersNotDue(t *testing.T) {
	f := newFixture(t)
	by := time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)
	err := f.db.Update(func(tx *store.Tx) error {
		c, err := tx.Campaign("duel")
		if err != nil {
			return err
		}
		c.Open(c.Turn, []game.Due{{Player: "blue", By: by}, {Player: "red", By: by}})
		return tx.PutCampaign(c)
	})
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range firstCampaigns(t, f) {
		if want := []campaign.PlayerID{"green"}; len(c.Missing) != 0 || !reflect.DeepEqual(c.Waiting, want) || !c.Deadline.Equal(by) {
			t.Errorf("%s: Status missing %v, waiting %v, deadline %v; want none missing, %v waiting, deadline %v", name, c.Missing, c.Waiting, c.Deadline, want, by)
		}
	}
}

func TestStatus(t *testing.T) {
	f := newFixture(t)
	for name, b := range f.backends(t) {
		st, err := b.Status(t.Context())
		if err != nil {
			t.Fatalf("%s: Status = %v", name, err)
		}
		if (st.Daemon != nil) != (name == "client") {
			t.Errorf("%s: Status.Daemon = %+v; want it only through the socket", name, st.Daemon)
		}
		if st.Daemon != nil && (st.Daemon.PID != os.Getpid() || !st.Daemon.Started.Equal(t0) || st.Daemon.Data != f.db.Path()) {
			t.Errorf("%s: Status.Daemon = %+v", name, st.Daemon)
		}
		st.Daemon = nil
		want := &Status{Data: f.db.Path(), Outbox: f.outbox(t), Campaigns: []CampaignStatus{{
			ID: "duel", Title: "Duel", Status: store.Running, Turn: 1,
			Deadline: time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC), TimeZone: "UTC",
			Final: []campaign.PlayerID{"blue"}, OnFile: []campaign.PlayerID{"red"},
			Missing: []campaign.PlayerID{"green"}, Out: []SeatOut{},
		}}}
		if !reflect.DeepEqual(st, want) {
			t.Errorf("%s: Status = %+v\nwant %+v", name, st, want)
		}
	}
}

func TestResolve(t *testing.T) {
	f := newFixture(t)
	c := f.dial(t)
	before := f.outbox(t)
	res, err := c.Resolve(t.Context(), "duel")
	if err != nil {
		t.Fatalf("Resolve(duel) = %v", err)
	}
	if res.Resolved != 1 || res.Turn != 2 || res.Status != store.Running || res.Outbox < before+3 || res.Outbox != f.outbox(t) {
		t.Errorf("Resolve(duel) = %+v, want turn 1 resolved, 2 open, a report for each of 3 players queued after %d mails", res, before)
	}
	for name, b := range f.backends(t) {
		if _, err := b.Resolve(t.Context(), "nowhere"); !errors.Is(err, store.ErrCampaignNotFound) {
			t.Errorf("%s: Resolve(nowhere) = %v, want ErrCampaignNotFound", name, err)
		}
	}
	f.db.Update(func(tx *store.Tx) error {
		camp, _ := tx.Campaign("duel")
		camp.Status = store.Ended
		return tx.PutCampaign(camp)
	})
	for name, b := range f.backends(t) {
		if _, err := b.Resolve(t.Context(), "duel"); !errors.Is(err, moderator.ErrNotRunning) {
			t.Errorf("%s: Resolve(an ended campaign) = %v, want ErrNotRunning", name, err)
		}
	}
	if _, err := NewAdmin(f.db.DB, rules.Registry(), nil).Resolve(t.Context(), "duel"); !errors.Is(err, ErrNoModerator) {
		t.Errorf("Resolve without a moderator = %v, want ErrNoModerator", err)
	}
}

func TestReport(t *testing.T) {
	f := newFixture(t)
	want, err := f.admin.Report(t.Context(), ReportRequest{Campaign: "duel", Player: "blue", Turn: -1})
	if err != nil || !bytes.Contains(want, []byte("Duel")) {
		t.Fatalf("Admin.Report = %.100q, %v", want, err)
	}
	for name, b := range f.backends(t) {
		got, err := b.Report(t.Context(), ReportRequest{Campaign: "duel", Player: "blue", Turn: 0})
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: Report(blue, turn 0) = %.100q, %v; want the latest report", name, got, err)
		}
		png, err := b.Report(t.Context(), ReportRequest{Campaign: "duel", Player: "blue", Turn: -1, Format: "png"})
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Errorf("%s: Report(png) = %.20q, %v", name, png, err)
		}
		tmpl, err := b.Report(t.Context(), ReportRequest{Campaign: "duel", Player: "blue", Turn: -1, Format: "orders"})
		if err != nil || !bytes.Contains(tmpl, []byte("player: blue\n")) || !bytes.Contains(tmpl, []byte("orders:\n")) {
			t.Errorf("%s: Report(orders) = %.300q, %v; want blue's order template", name, tmpl, err)
		}
		if _, err := b.Report(t.Context(), ReportRequest{Campaign: "duel", Player: "blue", Format: "pdf"}); !errors.Is(err, ErrUnknownFormat) {
			t.Errorf("%s: Report(pdf) = %v, want ErrUnknownFormat", name, err)
		}
		if _, err := b.Report(t.Context(), ReportRequest{Campaign: "duel", Player: "blue", Turn: 3}); err == nil || !strings.Contains(err.Error(), "not resolved yet") {
			t.Errorf("%s: Report(turn 3) = %v, want not resolved yet", name, err)
		}
		if _, err := b.Report(t.Context(), ReportRequest{Campaign: "duel", Player: "nobody"}); err == nil || !strings.Contains(err.Error(), "no such player") {
			t.Errorf("%s: Report(nobody) = %v, want no such player", name, err)
		}
	}
}

// TestReportIsNamedByTheTurnItOpens: a report is asked for by the turn
// its mail's subject names, the one it opened: after turn 1 is resolved,
// turn 1 is the first report and turn 2 the latest.
func TestReportIsNamedByTheTurnItOpens(t *testing.T) {
	f := newFixture(t)
	if _, err := f.dial(t).Resolve(t.Context(), "duel"); err != nil {
		t.Fatalf("Resolve(duel) = %v", err)
	}
	for name, b := range f.backends(t) {
		for _, tc := range []struct {
			turn int
			want string
		}{{1, "Duel: turn 1 report for"}, {2, "Duel: turn 2 report for"}, {-1, "Duel: turn 2 report for"}} {
			got, err := b.Report(t.Context(), ReportRequest{Campaign: "duel", Player: "blue", Turn: tc.turn})
			if err != nil || !bytes.HasPrefix(got, []byte(tc.want)) {
				t.Errorf("%s: Report(blue, turn %d) = %.60q, %v; want %q", name, tc.turn, got, err, tc.want)
			}
		}
	}
}

func TestBackup(t *testing.T) {
	f := newFixture(t)
	dir := t.TempDir()
	for name, b := range f.backends(t) {
		path := filepath.Join(dir, name+".db")
		n, err := b.Backup(t.Context(), path)
		if err != nil || n == 0 {
			t.Fatalf("%s: Backup(%s) = %d, %v", name, path, n, err)
		}
		copied, err := store.Open(path, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := copied.Check(); err != nil {
			t.Errorf("%s: backup is inconsistent: %v", name, err)
		}
		copied.Close()
		if _, err := b.Backup(t.Context(), name+".db"); !errors.Is(err, ErrBadRequest) {
			t.Errorf("%s: Backup(a relative path) = %v, want ErrBadRequest", name, err)
		}
		if _, err := b.Backup(t.Context(), f.db.Path()); !errors.Is(err, store.ErrBackupOverData) {
			t.Errorf("%s: Backup(the data file) = %v, want ErrBackupOverData", name, err)
		}
		sock := SocketPath(f.db.Path()) // none listens: a file there would stop the next daemon
		if _, err := b.Backup(t.Context(), sock); !errors.Is(err, store.ErrBackupTarget) {
			t.Errorf("%s: Backup(the control socket's path) = %v, want ErrBackupTarget", name, err)
		}
		if _, err := os.Lstat(sock); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: Backup(the control socket's path) left a file there: %v", name, err)
		}
	}
}

// TestCreate creates a campaign through either backend: the welcomes wait
// in the outbox, the same scenario again is refused, and a scenario with
// problems gives the same orders.Problems both ways (issue 12, item 22).
func TestCreate(t *testing.T) {
	f := newFixture(t)
	duel, err := os.ReadFile("testdata/duel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(duel, []byte("home: bluehome"), []byte("home: blewhome"), 1)
	var problems []string
	for name, b := range f.backends(t) {
		before := f.outbox(t)
		scenario := bytes.Replace(duel, []byte("campaign: duel"), []byte("campaign: duel-"+name), 1)
		res, err := b.Create(t.Context(), CreateRequest{File: "duel.yaml", Scenario: scenario})
		if err != nil {
			t.Fatalf("%s: Create = %v", name, err)
		}
		want := &Created{Campaign: campaign.ID("duel-" + name), Title: "Duel", Players: 3, GM: "gm@example.test",
			Turn: 1, Deadline: time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC), Outbox: before + 7}
		if !reflect.DeepEqual(res, want) || f.outbox(t) != want.Outbox {
			t.Errorf("%s: Create = %+v, outbox %d; want %+v: a welcome and a report for each player and the GM's welcome queued", name, res, f.outbox(t), want)
		}
		if _, err := b.Create(t.Context(), CreateRequest{File: "duel.yaml", Scenario: scenario}); !errors.Is(err, store.ErrCampaignExists) {
			t.Errorf("%s: Create(the same campaign again) = %v, want ErrCampaignExists", name, err)
		}
		_, err = b.Create(t.Context(), CreateRequest{File: "my/duel.yaml", Scenario: bad})
		var ps orders.Problems
		if !errors.As(err, &ps) || !strings.Contains(err.Error(), "my/duel.yaml:12:72: ") || !strings.Contains(err.Error(), "blewhome") {
			t.Errorf("%s: Create(a bad scenario) = %v, want orders.Problems at my/duel.yaml:12:72", name, err)
		}
		problems = append(problems, fmt.Sprint(err))
	}
	if problems[0] != problems[1] {
		t.Errorf("the problems differ through the socket and without it:\n%s\n%s", problems[0], problems[1])
	}
	if _, err := NewAdmin(f.db.DB, rules.Registry(), nil).Create(t.Context(), CreateRequest{File: "duel.yaml", Scenario: duel}); !errors.Is(err, ErrNoModerator) {
		t.Errorf("Create without a moderator = %v, want ErrNoModerator", err)
	}
}

// TestProtocol speaks the wire protocol by hand.
func TestProtocol(t *testing.T) {
	f := newFixture(t)
	srv := NewServer(ServerOptions{Backend: f.admin, Data: "/var/lib/pbemd/pbemd.db", Started: t0})
	serverEnd, clientEnd := net.Pipe()
	go srv.ServeConn(t.Context(), serverEnd)
	defer clientEnd.Close()
	r := bufio.NewReader(clientEnd)
	transact := func(send string) map[string]any {
		t.Helper()
		if send != "" {
			if _, err := clientEnd.Write([]byte(send + "\n")); err != nil {
				t.Fatalf("send %s: %v", send, err)
			}
		}
		line, err := r.ReadBytes('\n')
		if err != nil {
			t.Fatalf("after %s: %v", send, err)
		}
		var got map[string]any
		if err := json.Unmarshal(line, &got); err != nil {
			t.Fatalf("after %s: %q is not JSON", send, line)
		}
		return got
	}
	if got := transact(""); got["pbemd_control"] != float64(Version) || got["pid"] != float64(os.Getpid()) || got["data"] != "/var/lib/pbemd/pbemd.db" {
		t.Errorf("greeting = %v", got)
	}
	for _, tc := range []struct{ send, code string }{
		{`{"cmd":"frobnicate"}`, "bad_request"},
		{`not json`, "bad_request"},
		{`{"cmd":"report"}`, "bad_request"},
		{`{"cmd":"resolve","campaign":"nowhere"}`, "campaign_not_found"},
		{`{"cmd":"backup","path":"relative.db"}`, "bad_request"},
		{`{"cmd":"create"}`, "bad_request"},
		{`{"cmd":"verify"}`, "bad_request"},
		{`{"cmd":"verify","verify":{"campaign":"nowhere"}}`, "campaign_not_found"},
	} {
		if got := transact(tc.send); got["code"] != tc.code || got["error"] == "" {
			t.Errorf("%s: answer %v, want code %s", tc.send, got, tc.code)
		}
	}
	if got := transact(`{"cmd":"status"}`); got["error"] != nil || got["result"] == nil {
		t.Errorf("status: answer %v", got)
	}
	go clientEnd.Write(bytes.Repeat([]byte("x"), 2*MaxRequestBytes))
	if line, err := r.ReadBytes('\n'); err == nil {
		t.Errorf("an overlong request was answered: %q", line)
	}
}

func TestNewClient_otherVersion(t *testing.T) {
	serverEnd, clientEnd := net.Pipe()
	go func() {
		serverEnd.Write([]byte(`{"pbemd_control":99,"pid":1}` + "\n"))
		serverEnd.Close()
	}()
	if _, err := NewClient(t.Context(), clientEnd); !errors.Is(err, ErrVersion) {
		t.Errorf("NewClient with a version 99 daemon = %v, want ErrVersion", err)
	}
}

func TestListenAndServe(t *testing.T) {
	f := newFixture(t)
	data := filepath.Join(t.TempDir(), "pbemd.db")
	if _, err := Dial(t.Context(), data); !errors.Is(err, ErrNoDaemon) {
		t.Errorf("Dial with no socket = %v, want ErrNoDaemon", err)
	}
	ln, err := Listen(data)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(SocketPath(data))
	if err != nil || fi.Mode().Type() != os.ModeSocket || fi.Mode().Perm() != 0o600 {
		t.Fatalf("socket %s = %v, %v; want a socket with mode 0600", SocketPath(data), fi.Mode(), err)
	}
	if _, err := Listen(data); !errors.Is(err, ErrRunning) {
		t.Errorf("Listen beside a live daemon = %v, want ErrRunning", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	served := make(chan error, 1)
	go func() { served <- NewServer(ServerOptions{Backend: f.admin, Data: data}).Serve(ctx, ln) }()
	c, err := Dial(t.Context(), data)
	if err != nil {
		t.Fatalf("Dial = %v", err)
	}
	if st, err := c.Status(t.Context()); err != nil || len(st.Campaigns) != 1 {
		t.Errorf("Status through the socket = %+v, %v", st, err)
	}
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve = %v after its context ended, want nil", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after its context ended")
	}
	if _, err := c.Status(t.Context()); err == nil {
		t.Error("a connection outlived the server")
	}
	if _, err := os.Lstat(SocketPath(data)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the socket outlived the server: %v", err)
	}
}

func TestListen_stale(t *testing.T) {
	data := filepath.Join(t.TempDir(), "pbemd.db")
	dead, err := net.ListenUnix("unix", &net.UnixAddr{Name: SocketPath(data), Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	dead.SetUnlinkOnClose(false)
	dead.Close() // as a killed daemon leaves it
	if _, err := Dial(t.Context(), data); !errors.Is(err, ErrNoDaemon) {
		t.Errorf("Dial with a stale socket = %v, want ErrNoDaemon", err)
	}
	ln, err := Listen(data)
	if err != nil {
		t.Fatalf("Listen over a stale socket = %v", err)
	}
	ln.Close()

	os.WriteFile(SocketPath(data), []byte("notes"), 0o600)
	if _, err := Listen(data); err == nil || !strings.Contains(err.Error(), "not a socket") {
		t.Errorf("Listen over a regular file = %v, want a refusal", err)
	}
	if b, _ := os.ReadFile(SocketPath(data)); string(b) != "notes" {
		t.Error("Listen removed a regular file")
	}
	long := filepath.Join(t.TempDir(), strings.Repeat("d", 100), "pbemd.db")
	if _, err := Listen(long); err == nil || !strings.Contains(err.Error(), "shorter path") {
		t.Errorf("Listen on a long path = %v, want advice", err)
	}
}

// panickyReport is the fixture's Admin with a report command that
// panics, as a ruleset's rendering might.
type panickyReport struct{ *Admin }

func (panickyReport) Report(context.Context, ReportRequest) ([]byte, error) {
	panic("report rendering broke")
}

// TestServerSurvivesAPanickingCommand: a command that panics inside the
// daemon is answered as an error that says so, and the connection and the
// daemon go on answering.
func TestServerSurvivesAPanickingCommand(t *testing.T) {
	f := newFixture(t)
	c := f.dialBackend(t, panickyReport{f.admin})
	_, err := c.Report(t.Context(), ReportRequest{Campaign: "duel", Player: "blue", Turn: 1})
	if err == nil || !strings.Contains(err.Error(), "report failed inside the daemon") || !strings.Contains(err.Error(), "report rendering broke") {
		t.Errorf("Report = %v; want the panic answered as an error", err)
	}
	if st, err := c.Status(t.Context()); err != nil || len(st.Campaigns) != 1 {
		t.Errorf("Status after the panic = %v, %v; want the campaign", st, err)
	}
}
