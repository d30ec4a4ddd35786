package control

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// Admin carries out the commands on an open store: in the daemon, behind
// the socket, and in the CLI when no daemon runs.
type Admin struct {
	db    *store.DB
	rules *game.Registry
	mod   *moderator.Moderator
}

var _ Backend = (*Admin)(nil)

// NewAdmin returns an Admin of db, whose campaigns run the rulesets in
// rules. mod resolves turns and creates campaigns; with nil, Resolve and
// Create return ErrNoModerator.
func NewAdmin(db *store.DB, rules *game.Registry, mod *moderator.Moderator) *Admin {
	return &Admin{db: db, rules: rules, mod: mod}
}

// Status reads every campaign with its orders on file, and the outbox, in
// one read transaction.
func (a *Admin) Status(ctx context.Context) (*Status, error) {
	st := &Status{Data: a.db.Path(), Campaigns: []CampaignStatus{}}
	err := a.db.View(func(tx *store.Tx) error {
		camps, err := tx.Campaigns()
		if err != nil {
			return err
		}
		for _, c := range camps {
			cs, err := campaignStatus(tx, c)
			if err != nil {
				return err
			}
			st.Campaigns = append(st.Campaigns, cs)
		}
		failed, err := tx.Failed()
		st.Outbox, st.Failed = tx.OutboxLen(), len(failed)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read status: %w", err)
	}
	return st, nil
}

// campaignStatus sorts a campaign's players by their orders on file for
// the open turn.
func campaignStatus(tx *store.Tx, c *store.Campaign) (CampaignStatus, error) {
	cs := CampaignStatus{
		ID: c.ID, Title: c.Title, Status: c.Status, Turn: c.Turn, Deadline: c.Deadline(), TimeZone: c.Schedule.TimeZone,
		Final: []campaign.PlayerID{}, OnFile: []campaign.PlayerID{}, Missing: []campaign.PlayerID{}, Out: []SeatOut{},
	}
	filed, err := tx.TurnOrders(c.ID, c.Turn)
	if err != nil {
		return cs, err
	}
	final := map[campaign.PlayerID]bool{}
	for _, o := range filed {
		final[o.Player] = o.Submission != nil && o.Submission.Final
	}
	for _, seat := range c.Players {
		isFinal, ok := final[seat.Player]
		switch {
		case !seat.Active():
			cs.Out = append(cs.Out, SeatOut{Player: seat.Player, Why: seat.Out})
		case !seat.Due():
			cs.Waiting = append(cs.Waiting, seat.Player)
		case !ok:
			cs.Missing = append(cs.Missing, seat.Player)
		case isFinal:
			cs.Final = append(cs.Final, seat.Player)
		default:
			cs.OnFile = append(cs.OnFile, seat.Player)
		}
	}
	return cs, nil
}

// Resolve resolves a campaign's open turn now (moderator.Process). The
// reports go to the outbox; a daemon sends them at once, and without one
// they wait for the next `pbemd run`.
func (a *Admin) Resolve(ctx context.Context, id campaign.ID) (*Resolved, error) {
	if a.mod == nil {
		return nil, fmt.Errorf("resolve %s: %w", id, ErrNoModerator)
	}
	if err := a.mod.Process(ctx, id); err != nil {
		return nil, err
	}
	res := &Resolved{Campaign: id}
	err := a.db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign(id)
		if err != nil {
			return err
		}
		res.Resolved, res.Turn, res.Deadline, res.Status = c.Turn-1, c.Turn, c.Deadline(), c.Status
		res.Outbox = tx.OutboxLen()
		return nil
	})
	return res, err
}

// Report rebuilds a player's report of a turn, the one that opened it,
// from the stored state (workflow.ReportOf) and renders it in the
// requested format.
func (a *Admin) Report(ctx context.Context, req ReportRequest) ([]byte, error) {
	if err := CheckFormat(req.Format); err != nil {
		return nil, err
	}
	var latest int
	err := a.db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign(req.Campaign)
		if err == nil {
			latest = c.Turn
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	turn := req.Turn
	switch {
	case turn < 1:
		turn = latest
	case turn > latest:
		return nil, fmt.Errorf("%s has no turn %d report: turn %d is not resolved yet; the latest is the turn %d report (1 is the first)", req.Campaign, turn, turn-1, latest)
	}
	rep, err := workflow.ReportOf(a.db, a.rules, req.Campaign, req.Player, turn)
	if err != nil {
		return nil, err
	}
	return rep.Ruleset.Render(rep.View, game.Format(req.Format), rep.Options())
}

// CheckFormat returns an error wrapping ErrUnknownFormat unless format is
// a report format (game.Formats) or empty, for text.
func CheckFormat(format string) error {
	if format == "" || slices.Contains(game.Formats, game.Format(format)) {
		return nil
	}
	names := make([]string, len(game.Formats))
	for i, f := range game.Formats {
		names[i] = string(f)
	}
	return fmt.Errorf("%w %q: want one of %s", ErrUnknownFormat, format, strings.Join(names, ", "))
}

// Backup writes a consistent copy of the data file to path (store
// DB.BackupFile). path must be absolute, as a daemon's working directory
// is not the caller's, and new or an earlier backup.
func (a *Admin) Backup(ctx context.Context, path string) (int64, error) {
	if !filepath.IsAbs(path) {
		return 0, fmt.Errorf("%w: backup path %q is not absolute", ErrBadRequest, path)
	}
	if path == SocketPath(a.db.Path()) { // a file there would keep the next daemon from listening
		return 0, fmt.Errorf("back up to %s: %w: it is the daemon's control socket; name a new file", path, store.ErrBackupTarget)
	}
	return a.db.BackupFile(path)
}

// Export writes campaign req.Campaign and everything of it to the new file
// req.Path (store DB.ExportCampaign); with req.Remove it then takes the
// campaign out of the data file, and a daemon stops running it. path must
// be absolute, as a daemon's working directory is not the caller's.
func (a *Admin) Export(ctx context.Context, req ExportRequest) (*store.Moved, error) {
	if !filepath.IsAbs(req.Path) {
		return nil, fmt.Errorf("%w: export path %q is not absolute", ErrBadRequest, req.Path)
	}
	moved, err := a.db.ExportCampaign(req.Campaign, req.Path)
	if err != nil || !req.Remove {
		return moved, err
	}
	if err := a.db.RemoveCampaign(req.Campaign); err != nil {
		return nil, fmt.Errorf("%w; the export at %s is whole, and the campaign is still here", err, req.Path)
	}
	if a.mod != nil {
		a.mod.CampaignRemoved(req.Campaign)
	}
	return moved, nil
}

// Import adds the campaign of the export at path to the data file (store
// DB.ImportCampaign), and queues a mail to every player still in it and
// its GM that says where it runs now (moderator.CampaignImported); a
// daemon runs it at once: its clocks, and its mail waiting in the outbox.
// Without the moderator's config there is no address to tell, and
// Imported.Told is false. path must be absolute.
func (a *Admin) Import(ctx context.Context, path string) (*Imported, error) {
	if !filepath.IsAbs(path) {
		return nil, fmt.Errorf("%w: import path %q is not absolute", ErrBadRequest, path)
	}
	moved, err := a.db.ImportCampaign(path)
	if err != nil {
		return nil, err
	}
	if a.mod == nil {
		return &Imported{Moved: *moved}, nil
	}
	if err := a.mod.CampaignImported(moved.Campaign); err != nil {
		return nil, fmt.Errorf("%w; the campaign is imported", err)
	}
	return &Imported{Moved: *moved, Told: true}, nil
}

// Create creates a campaign from a scenario (moderator.CreateCampaign),
// which queues the welcomes and the first reports; a daemon sends them at
// once. The scenario is checked here, as the file may have changed since
// the caller read it; problems are returned as orders.Problems.
func (a *Admin) Create(ctx context.Context, req CreateRequest) (*Created, error) {
	if a.mod == nil {
		return nil, fmt.Errorf("create a campaign: %w", ErrNoModerator)
	}
	sc, err := config.ParseScenario(req.File, req.Scenario, a.rules)
	if err != nil {
		return nil, err
	}
	seats, err := a.mod.CreateCampaign(ctx, sc)
	if err != nil {
		return nil, err
	}
	res := &Created{Campaign: sc.State.Campaign, Title: sc.State.Title, Players: len(seats), GM: sc.GM.Email}
	err = a.db.View(func(tx *store.Tx) error {
		c, err := tx.Campaign(res.Campaign)
		if err != nil {
			return err
		}
		res.Turn, res.Deadline = c.Turn, c.Deadline()
		res.Outbox = tx.OutboxLen()
		return nil
	})
	return res, err
}

// Verify resolves a campaign's stored turns again and compares the
// outcome with what was stored (replay.Verify). It only reads, so it
// needs no moderator.
func (a *Admin) Verify(ctx context.Context, req VerifyRequest) (*replay.Verification, error) {
	return replay.Verify(ctx, a.db, a.rules, req.Campaign, replay.VerifyOptions{Turn: req.Turn, Force: req.Force})
}
