package thunderdome

import (
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
)

// OrderDays is how long a player has for the orders of their turn
// (UTD3.3).
const OrderDays = 7

// Due says who owes orders for the turn st opens: the current player
// alone (UTD2.1), within OrderDays counted from the start of the day
// after the previous turn passed, now, in the campaign's time zone
// (UTD3.3). A campaign won owes nothing, and nor does a turn that waits
// for the results of its battles or for a volunteer to play a non-player
// empire (UTD2.3 s8, UTD5.231): the next opens once they are in.
func (Ruleset) Due(st *campaign.State, sched campaign.Schedule, now time.Time) ([]game.Due, error) {
	x, err := load(st)
	if err != nil {
		return nil, err
	}
	if st.Over() || len(st.Battles) > 0 || calling(st) {
		return nil, nil
	}
	loc, err := sched.Location()
	if err != nil {
		return nil, err
	}
	return []game.Due{{Player: x.current(), By: ordersDue(now, loc)}}, nil
}

// ordersDue is the end of the OrderDays-th day after the day of now, in
// loc: the start of the day after that, in UTC (UTD3.3).
func ordersDue(now time.Time, loc *time.Location) time.Time {
	l := now.In(loc)
	day := time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, loc)
	return day.AddDate(0, 0, 1+OrderDays).UTC()
}
