PRAGMA user_version = 7;
BEGIN TRANSACTION;
CREATE TABLE "cabinet_log" (
        id INTEGER PRIMARY KEY,
        wall TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN (
            'start', 'fault', 'undervoltage', 'undervoltage_cleared', 'throttled',
            'throttled_cleared'
        )),
        detail TEXT
    );
INSERT INTO "cabinet_log" VALUES(1,'2026-12-02T13:40:38+00:00','start',NULL);
INSERT INTO "cabinet_log" VALUES(2,'2026-12-02T13:40:38+00:00','fault','RuntimeError: a test fault');
INSERT INTO "cabinet_log" VALUES(3,'2026-12-02T13:40:38+00:00','start',NULL);
INSERT INTO "cabinet_log" VALUES(4,'2026-12-02T13:40:38+00:00','undervoltage','get_throttled 0x50005');
CREATE TABLE game_seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        initials TEXT,
        bot TEXT,
        won INTEGER NOT NULL DEFAULT 0,
        plays INTEGER NOT NULL DEFAULT 0,
        reaction_count INTEGER NOT NULL DEFAULT 0,
        reaction_sum_ms REAL NOT NULL DEFAULT 0, cards_left INTEGER, longest_run INTEGER NOT NULL DEFAULT 0, stalls INTEGER NOT NULL DEFAULT 0, reaction_best_ms REAL,
        PRIMARY KEY (game_id, seat)
    );
INSERT INTO "game_seats" VALUES(1,0,'ANN',NULL,1,20,0,0.0,0,0,0,NULL);
INSERT INTO "game_seats" VALUES(1,1,NULL,'medium',0,15,0,0.0,12,4,0,NULL);
INSERT INTO "game_seats" VALUES(2,0,'ANN',NULL,0,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(2,1,NULL,'medium',0,0,0,0.0,NULL,0,0,NULL);
INSERT INTO "game_seats" VALUES(3,0,NULL,'easy (took over)',0,11,0,0.0,4,0,0,NULL);
INSERT INTO "game_seats" VALUES(3,1,'CAT',NULL,1,19,0,0.0,0,0,0,NULL);
CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        started_wall TEXT NOT NULL,
        game TEXT NOT NULL,
        rules_json TEXT NOT NULL,
        seed INTEGER,
        status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'abandoned')),
        winner INTEGER,
        duration_ms INTEGER,
        replay_json TEXT
    , match_id INTEGER REFERENCES matches(id), ended_wall TEXT, owner_pid INTEGER, boot_id TEXT);
INSERT INTO "games" VALUES(1,'2026-12-02T13:40:38+00:00','speed','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "speed", "hidden_stall": false, "jokers": false, "lockout_ms": 400, "players": 2, "recycle": false, "reshuffle": "keep_tops", "round_limit": 30, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',5,'finished',0,61000,NULL,1,'2026-12-02T13:40:38+00:00',27237,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
INSERT INTO "games" VALUES(2,'2026-12-02T13:40:38+00:00','speed','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "speed", "hidden_stall": false, "jokers": false, "lockout_ms": 400, "players": 2, "recycle": false, "reshuffle": "keep_tops", "round_limit": 30, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',6,'abandoned',NULL,9000,NULL,1,'2026-12-02T13:40:38+00:00',27237,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
INSERT INTO "games" VALUES(3,'2026-12-02T13:40:38+00:00','speed','{"ace": "cyclic", "call": "call", "call_timeout_ms": 3000, "combine_same_rank": false, "deadlock": "discard", "deal": 20, "decks": 1, "false_call": "penalty", "game": "speed", "hidden_stall": false, "jokers": false, "lockout_ms": 400, "players": 2, "recycle": false, "reshuffle": "keep_tops", "round_limit": 30, "row": 4, "same_rank": false, "scoring": "standard", "slap_timeout_ms": 5000, "stall_delay_ms": 2000}',7,'finished',1,75000,NULL,NULL,'2026-12-02T13:40:38+00:00',27237,'d36927c0-2ec3-4b82-98d8-e462bfcecd07');
CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        format TEXT NOT NULL,
        players INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        started_wall TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'over', 'abandoned')),
        winner INTEGER
    );
INSERT INTO "matches" VALUES(1,'best-of-3',2,11,'2026-12-02T13:40:38+00:00','open',NULL);
CREATE TABLE operator_lock (
        id INTEGER PRIMARY KEY,
        wrong INTEGER NOT NULL,
        updated_wall TEXT NOT NULL
    );
INSERT INTO "operator_lock" VALUES(1,2,'2026-12-02T13:40:38+00:00');
CREATE TABLE player_choices (
        initials TEXT PRIMARY KEY,
        hints TEXT NOT NULL,
        handicap TEXT NOT NULL,
        four_colour INTEGER NOT NULL CHECK (four_colour IN (0, 1)),
        large_cards INTEGER NOT NULL CHECK (large_cards IN (0, 1)),
        left_handed INTEGER NOT NULL CHECK (left_handed IN (0, 1)),
        updated_wall TEXT NOT NULL
    );
INSERT INTO "player_choices" VALUES('ANN','on','none',1,0,0,'2026-12-02T13:40:38+00:00');
CREATE INDEX games_status ON games(status);
CREATE INDEX game_seats_initials ON game_seats(initials);
CREATE INDEX games_match ON games(match_id);
CREATE INDEX cabinet_log_kind ON cabinet_log(kind);
COMMIT;
