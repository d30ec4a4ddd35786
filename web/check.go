package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/pbemd/pbemd/orders"
)

// maxCheckBytes bounds the body of a dry run: the largest orders a mail
// may carry, and a little room.
const maxCheckBytes = orders.MaxSize + 1024

// checkAnswer is the answer to a dry run: the reply the orders would get
// by mail now, and the positions of its problems.
type checkAnswer struct {
	Accepted bool           `json:"accepted"`
	Subject  string         `json:"subject"`
	Text     string         `json:"text"`
	Problems []checkProblem `json:"problems"`
}

type checkProblem struct {
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Msg  string `json:"msg"`
}

// serveCheck checks the orders in the body, written as the mail would
// carry them but without the token, for the link's seat, and answers
// with the reply the mail would get. Nothing is filed, sent or counted.
func (s *Server) serveCheck(w http.ResponseWriter, r *http.Request, l *seatLink) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxCheckBytes))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		http.Error(w, fmt.Sprintf("the orders are too long to check; a mail may carry at most %d KB of orders", orders.MaxSize>>10), http.StatusRequestEntityTooLarge)
		return
	case err != nil:
		http.Error(w, "the orders did not arrive whole; try again", http.StatusBadRequest)
		return
	}
	run, err := s.mod.DryRunOrders(l.c, l.seat, body)
	if err != nil {
		s.fail(w, l, "dry run", err)
		return
	}
	a := checkAnswer{Accepted: run.Accepted, Subject: run.Subject, Text: run.Text}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(a)
}
