package e2e_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// The day benchmark measures issue 29's targets for a host's whole
// catalogue: one daemon holding many campaigns whose deadlines are spread
// evenly over a day, through a window of that day played at the day's
// own pace.
const (
	// dayEnv sets how many campaigns the data file holds (default 100;
	// 10,000 for the figures in docs/capacity.md), and windowEnv how long
	// a window of the day the benchmark plays (default 2m).
	dayEnv        = "PBEMD_DAY_CAMPAIGNS"
	dayDefault    = 100
	windowEnv     = "PBEMD_DAY_WINDOW"
	windowDefault = 2 * time.Minute
	// dayLead is the time from the daemon's start to the first deadline:
	// the first campaign's players mail their orders in it.
	dayLead = time.Minute
	// ordersBefore is how long before its deadline a campaign's players
	// send their orders, a few seconds apart.
	ordersBefore = 40 * time.Second
	// startedEnv names, for a daemon built from another revision
	// (PBEMD_BENCH_BIN), the log message its start-up ends with, if it
	// does not log "campaigns tended".
	startedEnv = "PBEMD_DAY_STARTED"
	// tendedLogged is how many campaigns the daemon must read in a pass
	// of its scheduler to log "campaigns tended" (moderator's
	// tendRelease): the start-up ends there.
	tendedLogged = 64
	// The goals.
	maxIdleDayRSS = 300 << 20
	maxPeakDayRSS = 1 << 30
	maxReplyP99   = 2 * time.Second
	maxStartup    = 15 * time.Second
)

// BenchmarkScaleDay writes many campaigns of 100 systems and 8 players
// (PBEMD_DAY_CAMPAIGNS) straight into a data file, their deadlines spread
// evenly over the 24 hours after the daemon's start plus dayLead, and
// runs the built daemon on it against Postfix and Dovecot. It plays the
// first PBEMD_DAY_WINDOW of that day as it comes: the campaigns whose
// deadlines fall in it are the ones a day's minutes bring at this rate,
// each player of each sends orders shortly before the deadline, and the
// turns resolve at their deadlines. The rest wait, as most of a catalogue
// does. It reports the start-up (from the process's start to its first
// IMAP pass), the daemon's memory once started and idle, its peak
// through the window, each order mail's reply time (from its arrival at
// Dovecot to the confirmation taken by Postfix: Dovecot's notice delay
// included), and what the data file holds per campaign; and it checks the
// goals of issue 29. The start-up ends once the first IMAP pass is done
// and the scheduler has looked at every campaign once ("campaigns
// tended"); the idle memory is read then.
func BenchmarkScaleDay(b *testing.B) {
	n := envInt(b, dayEnv, dayDefault)
	window := windowDefault
	if v := os.Getenv(windowEnv); v != "" {
		var err error
		if window, err = time.ParseDuration(v); err != nil || window <= 0 {
			b.Fatalf("%s=%q: want a duration", windowEnv, v)
		}
	}
	spacing := 24 * time.Hour / time.Duration(n)
	active := max(1, int(math.Ceil(float64(window)/float64(spacing))))
	mx, address, password, users, counter := scaleMail(b)
	inbox := loginIMAP(b, mx, "moderator")
	bin := buildRelease(b)
	base := dayScenario(b)
	var fig dayFigures
	for b.Loop() {
		dir := b.TempDir()
		data := filepath.Join(dir, "pbemd.db")
		// Staging takes about a millisecond a campaign; the first deadline
		// leaves dayLead after it.
		first := time.Now().Add(dayLead + time.Duration(n)*3*time.Millisecond).Truncate(time.Second)
		camps := stageDay(b, data, base, n, first, spacing)
		cfg := writeDaemonConfig(b, dir, mx, address, password)
		if left := time.Until(first); left < ordersBefore+15*time.Second {
			b.Fatalf("staging %d campaigns left %v before the first deadline: raise dayLead", n, left)
		}

		began := time.Now()
		d := startDaemon(b, bin, dir, cfg)
		d.awaitLog(b.Context(), "imap connected")
		if started := os.Getenv(startedEnv); started != "" {
			d.awaitLog(b.Context(), started)
		} else if n >= tendedLogged {
			d.awaitLog(b.Context(), "campaigns tended")
		}
		fig.startup = time.Since(began)
		fig.idle = float64(readProcMemory(b, d.cmd.Process.Pid)["VmRSS"])

		want := counter.plus(each(users, 2*active), users) // a confirmation and a report each
		sent := sendDayOrders(b, inbox, camps[:active], address)
		awaitMail(b, counter, want)
		fig.peak = float64(readProcMemory(b, d.cmd.Process.Pid)["VmHWM"])
		d.stop()
		fig.replies = replyTimes(b, data, sent, address)
		fig.stored, fig.kept = dataPerCampaign(b, data, n)
	}
	slices.Sort(fig.replies)
	p99 := fig.replies[min(len(fig.replies)-1, (len(fig.replies)*99)/100)]
	b.Logf("%d campaigns, a deadline every %v; %d in a window of %v: start-up %.1f s, idle %.0f MB, peak %.0f MB, replies p50 %v p99 %v, data %.0f KB a campaign",
		n, spacing.Round(time.Millisecond), active, window, fig.startup.Seconds(), fig.idle/(1<<20), fig.peak/(1<<20),
		fig.replies[len(fig.replies)/2].Round(time.Millisecond), p99.Round(time.Millisecond), fig.kept/1024)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(float64(n), "campaigns")
	b.ReportMetric(fig.startup.Seconds(), "startup-s")
	b.ReportMetric(fig.idle/(1<<20), "idle-MB")
	b.ReportMetric(fig.peak/(1<<20), "peak-MB")
	b.ReportMetric(p99.Seconds(), "reply-p99-s")
	b.ReportMetric(fig.kept/1024, "data-KB/campaign")
	for _, c := range []struct {
		bad        bool
		what       string
		got, limit any
	}{
		{fig.startup > maxStartup, "start-up", fig.startup, maxStartup},
		{fig.idle > maxIdleDayRSS, "idle memory (bytes)", fig.idle, maxIdleDayRSS},
		{fig.peak > maxPeakDayRSS, "peak memory (bytes)", fig.peak, maxPeakDayRSS},
		{p99 > maxReplyP99, "99th percentile of the reply time", p99, maxReplyP99},
	} {
		if c.bad {
			b.Errorf("%s %v, over the goal of %v", c.what, c.got, c.limit)
		}
	}
}

// dayFigures is what one run of the day benchmark measured.
type dayFigures struct {
	startup      time.Duration
	idle, peak   float64 // VmRSS once started, VmHWM at the end; bytes
	replies      []time.Duration
	stored, kept float64 // data file bytes per campaign, before and after retention
}

// dayCampaign is one campaign of the day: its scenario, as its players'
// mail tells it, its players' tokens, and its deadline.
type dayCampaign struct {
	sc       *config.Scenario
	tokens   map[campaign.PlayerID]string
	deadline time.Time
}

// dayScenario generates the map every campaign of the day plays, one of
// 100 systems and 8 players.
func dayScenario(tb testing.TB) *config.Scenario {
	tb.Helper()
	scs := scaleScenarios(tb, 1)
	return scs[0]
}

// stageDay writes n running campaigns of base's map into a new data file,
// campaign k with its own ID, its players at p1+k to p8+k@example.test,
// their tokens known, and its deadline at first plus k spacings; their
// welcomes and first reports count as sent long ago. It returns them in
// the order of their deadlines.
func stageDay(tb testing.TB, path string, base *config.Scenario, n int, first time.Time, spacing time.Duration) []dayCampaign {
	tb.Helper()
	db, err := store.Open(path, store.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	camps := make([]dayCampaign, n)
	const batch = 250 // campaigns a transaction
	for start := 0; start < n; start += batch {
		err := db.Update(func(tx *store.Tx) error {
			for k := start; k < min(n, start+batch); k++ {
				camps[k] = dayCampaignOf(base, k, first.Add(time.Duration(k)*spacing))
				c, st := dayRecord(camps[k])
				if err := tx.CreateCampaign(c, &store.TurnRecord{State: st, Deadline: camps[k].deadline}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			tb.Fatalf("stage campaigns %d on: %v", start, err)
		}
	}
	return camps
}

// dayCampaignOf is campaign k of the day, a copy of base's scenario.
func dayCampaignOf(base *config.Scenario, k int, deadline time.Time) dayCampaign {
	sc := *base
	st := *base.State
	st.Campaign = campaign.ID(fmt.Sprintf("day-%d", k+1))
	st.Players = slices.Clone(st.Players)
	tokens := map[campaign.PlayerID]string{}
	for i := range st.Players {
		p := &st.Players[i]
		p.Email = fmt.Sprintf("p%d+%d@example.test", i+1, k+1)
		tokens[p.ID] = fmt.Sprintf("TOKEN-%d-%s", k+1, p.ID)
	}
	sc.State = &st
	return dayCampaign{sc: &sc, tokens: tokens, deadline: deadline}
}

// dayRecord is the store's record of a day campaign, and its first state.
func dayRecord(dc dayCampaign) (*store.Campaign, *campaign.State) {
	st := dc.sc.State
	c := &store.Campaign{ID: st.Campaign, Title: st.Title, Rules: st.Rules.Preset, Status: store.Running,
		Schedule: dc.sc.Schedule, GM: store.Contact{Name: "GM", Email: "gm@example.test"}, Moderation: dc.sc.Moderation}
	var due []game.Due
	for _, p := range st.Players {
		c.Players = append(c.Players, store.Seat{Player: p.ID, Email: p.Email, TokenHash: workflow.HashToken(dc.tokens[p.ID])})
		due = append(due, game.Due{Player: p.ID, By: dc.deadline})
	}
	c.Open(st.Turn, due)
	workflow.MarkReminded(c, dc.deadline) // no reminders: the benchmark plays the orders, not the nagging
	return c, st
}

// sendDayOrders puts each campaign's order mails, one from each player,
// into the moderator's INBOX ordersBefore its deadline, a second apart,
// as the window goes. It returns their Message-IDs.
func sendDayOrders(tb testing.TB, inbox *imapclient.Client, camps []dayCampaign, to string) []string {
	tb.Helper()
	var ids []string
	for _, dc := range camps {
		mails := orderMails(tb, dc.sc, dc.tokens, to, "day", len(dc.sc.State.Players))
		for i, m := range mails {
			at := dc.deadline.Add(-ordersBefore + time.Duration(i)*time.Second)
			select {
			case <-time.After(time.Until(at)):
			case <-tb.Context().Done():
				return ids
			}
			stageMails(tb, inbox, "INBOX", []benchMail{m})
			ids = append(ids, m.id)
		}
	}
	return ids
}

// replyTimes reads, for each order mail of ids, the time from its arrival
// at the mail server to its confirmation taken by the SMTP server. A
// confirmation's Message-ID derives from the order mail's, as the daemon
// makes it ("reply-" and the first 12 bytes of its SHA-256, at the
// moderator's domain), so that answering a mail twice gives the same ID.
func replyTimes(tb testing.TB, path string, ids []string, moderator string) []time.Duration {
	tb.Helper()
	_, domain, _ := strings.Cut(moderator, "@")
	db := openDataFile(tb, path)
	defer db.Close()
	var out []time.Duration
	err := db.View(func(tx *store.Tx) error {
		sent, err := tx.Sent()
		if err != nil {
			return err
		}
		at := map[string]time.Time{}
		for _, s := range sent {
			at[s.MessageID] = s.Sent
		}
		for _, id := range ids {
			m, err := tx.Message(id)
			if err != nil || m == nil || m.Outcome != store.Accepted {
				return fmt.Errorf("order mail <%s>: %+v, %v; want it accepted", id, m, err)
			}
			sum := sha256.Sum256([]byte(id))
			reply, ok := at[fmt.Sprintf("reply-%s@%s", hex.EncodeToString(sum[:12]), domain)]
			if !ok {
				return fmt.Errorf("order mail <%s>: no confirmation sent", id)
			}
			out = append(out, reply.Sub(m.Arrived))
		}
		return nil
	})
	if err != nil || len(out) == 0 {
		tb.Fatalf("reply times: %d found, %v", len(out), err)
	}
	return out
}

// envInt reads a whole number above 0 from the environment, or def.
func envInt(tb testing.TB, name string, def int) int {
	tb.Helper()
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		tb.Fatalf("%s=%q: want a whole number above 0", name, v)
	}
	return n
}
