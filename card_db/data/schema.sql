CREATE TABLE built_deck (
	name VARCHAR NOT NULL, 
	id INTEGER NOT NULL, 
	built_at DATETIME NOT NULL, 
	PRIMARY KEY (id)
);

CREATE UNIQUE INDEX ix_built_deck_name ON built_deck (name);

CREATE TABLE card (
	title VARCHAR NOT NULL, 
	title_key VARCHAR NOT NULL, 
	descriptor VARCHAR, 
	type VARCHAR NOT NULL, 
	faction VARCHAR NOT NULL, 
	era VARCHAR NOT NULL, 
	set_code VARCHAR NOT NULL, 
	set_name VARCHAR NOT NULL, 
	cycle VARCHAR, 
	number VARCHAR NOT NULL, 
	cost INTEGER, 
	cost_is_x BOOLEAN NOT NULL, 
	skill INTEGER, 
	skill_is_x BOOLEAN NOT NULL, 
	terror INTEGER NOT NULL, 
	combat INTEGER NOT NULL, 
	arcane INTEGER NOT NULL, 
	investigation INTEGER NOT NULL, 
	subtypes VARCHAR NOT NULL, 
	keywords VARCHAR NOT NULL, 
	steadfast VARCHAR NOT NULL, 
	transient BOOLEAN NOT NULL, 
	"unique" BOOLEAN NOT NULL, 
	text VARCHAR NOT NULL, 
	flavor VARCHAR, 
	illustrator VARCHAR, 
	max_copies INTEGER NOT NULL, 
	octgn_id VARCHAR, 
	cgdb_restricted BOOLEAN NOT NULL, 
	cgdb_banned BOOLEAN NOT NULL, 
	release_order INTEGER NOT NULL, 
	card_id VARCHAR NOT NULL, 
	title_words VARCHAR NOT NULL, 
	descriptor_words VARCHAR NOT NULL, 
	id VARCHAR NOT NULL, 
	PRIMARY KEY (id)
);

CREATE INDEX ix_card_card_id ON card (card_id);

CREATE INDEX ix_card_era ON card (era);

CREATE INDEX ix_card_octgn_id ON card (octgn_id);

CREATE INDEX ix_card_title_key ON card (title_key);

CREATE TABLE collection_card (
	title VARCHAR NOT NULL, 
	count INTEGER NOT NULL, 
	card_id VARCHAR NOT NULL, 
	PRIMARY KEY (card_id)
);

CREATE TABLE collection_copies (
	title VARCHAR NOT NULL, 
	copies INTEGER NOT NULL, 
	product VARCHAR NOT NULL, 
	card_id VARCHAR NOT NULL, 
	PRIMARY KEY (product, card_id)
);

CREATE TABLE collection_product (
	count INTEGER NOT NULL, 
	product VARCHAR NOT NULL, 
	PRIMARY KEY (product)
);

CREATE TABLE deck (
	name VARCHAR NOT NULL, 
	format VARCHAR NOT NULL, 
	list_id VARCHAR, 
	notes VARCHAR NOT NULL, 
	id INTEGER NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id)
);

CREATE UNIQUE INDEX ix_deck_name ON deck (name);

CREATE TABLE legality_list (
	id VARCHAR NOT NULL, 
	name VARCHAR NOT NULL, 
	effective VARCHAR, 
	source VARCHAR NOT NULL, 
	document VARCHAR NOT NULL, 
	added_at DATETIME NOT NULL, 
	PRIMARY KEY (id)
);

CREATE TABLE built_deck_card (
	title VARCHAR NOT NULL, 
	count INTEGER NOT NULL, 
	deck_id INTEGER NOT NULL, 
	card_id VARCHAR NOT NULL, 
	PRIMARY KEY (deck_id, card_id), 
	FOREIGN KEY(deck_id) REFERENCES built_deck (id) ON DELETE CASCADE
);

CREATE TABLE deck_card (
	deck_id INTEGER NOT NULL, 
	card_id VARCHAR NOT NULL, 
	section VARCHAR NOT NULL, 
	count INTEGER NOT NULL, 
	PRIMARY KEY (deck_id, card_id, section), 
	FOREIGN KEY(deck_id) REFERENCES deck (id) ON DELETE CASCADE, 
	FOREIGN KEY(card_id) REFERENCES card (id)
);
