package main

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v3"

	"github.com/carrom-game/carrom/internal/store"
)

func backupCommand(s streams) *cli.Command {
	return &cli.Command{
		Name:      "backup",
		Usage:     "copy the SQLite database of a data directory, even while a server uses it",
		UsageText: "carrom backup [-data dir] FILE",
		Description: "Writes a consistent, compacted copy of DIR/carrom.db to FILE, which must not\n" +
			"exist, with SQLite's VACUUM INTO, and checks the copy's integrity. A running\n" +
			"server goes on meanwhile. To restore, stop the server and put FILE in place of\n" +
			"carrom.db (removing carrom.db-wal and carrom.db-shm). PostgreSQL is backed up\n" +
			"with pg_dump (docs/deploy.md).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "data", Value: envOr("CARROM_DATA", "carrom-data"), Usage: "data `directory` holding carrom.db (env CARROM_DATA)"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if cmd.Args().Len() != 1 {
				return usagef(cmd, "want one argument, the backup's file name; got %d", cmd.Args().Len())
			}
			out := cmd.Args().First()
			if out == "" {
				return usagef(cmd, "want a file name")
			}
			if err := store.BackupSQLite(ctx, cmd.String("data"), out); err != nil {
				return failed(cmd, err)
			}
			fmt.Fprintf(s.out, "backed up %s to %s\n", cmd.String("data"), out)
			return nil
		},
	}
}
