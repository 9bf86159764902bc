package store

import (
	"context"
	"fmt"

	"github.com/carrom-game/carrom/internal/carrom"
)

// AddTournamentPartner stores the partner of a pair, entrant p.Num.
func (s tournamentRows) AddTournamentPartner(ctx context.Context, p carrom.TournamentPartner) error {
	var acct any
	if p.Account != "" {
		acct = p.Account
	}
	if _, err := s.exec(ctx, `INSERT INTO tournament_partners (tournament_id, num, account_id, name) VALUES (?, ?, ?, ?)`, p.Tournament, p.Num, acct, p.Name); err != nil {
		return fmt.Errorf("store: partner of %s entrant %d: %w", p.Tournament, p.Num, err)
	}
	return nil
}

// TournamentPartners lists the partners of a tournament's pairs, by
// entrant number.
func (s tournamentRows) TournamentPartners(ctx context.Context, id string) (map[int]carrom.TournamentPartner, error) {
	rows, err := s.query(ctx, `SELECT num, account_id, name FROM tournament_partners WHERE tournament_id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("store: partners of %s: %w", id, err)
	}
	defer rows.Close()
	out := map[int]carrom.TournamentPartner{}
	for rows.Next() {
		p := carrom.TournamentPartner{Tournament: id}
		var acct *string
		if err := rows.Scan(&p.Num, &acct, &p.Name); err != nil {
			return nil, fmt.Errorf("store: partners of %s: %w", id, err)
		}
		if acct != nil {
			p.Account = *acct
		}
		out[p.Num] = p
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: partners of %s: %w", id, err)
	}
	return out, nil
}
