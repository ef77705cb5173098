-- A database as Larder's schema version 1 left it (before the full-text index existed).
-- Frozen: this is what an earlier binary wrote; the migration test upgrades it in place.
CREATE TABLE households (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at REAL NOT NULL
);
INSERT INTO households (id, name, created_at) VALUES ('default', 'Home', 1767225600.0);
CREATE TABLE recipes (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  household_id TEXT NOT NULL REFERENCES households(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  source_key TEXT NOT NULL,
  is_favorite INTEGER NOT NULL DEFAULT 0,
  rating INTEGER,
  total_seconds INTEGER,
  created_at REAL NOT NULL,
  updated_at REAL NOT NULL,
  document TEXT NOT NULL
);
CREATE INDEX recipes_by_name ON recipes (household_id, name COLLATE NOCASE);
CREATE INDEX recipes_by_source ON recipes (household_id, source_key);
CREATE INDEX recipes_by_created ON recipes (household_id, created_at);
CREATE INDEX recipes_by_updated ON recipes (household_id, updated_at);
INSERT INTO recipes VALUES (1, '0b7a3c1e-5d7f-4a43-9a51-3f0e8a1f2b11', 'default',
  'Old-Fashioned Shortbread', 'id:urn:fixture:shortbread', 1, 5, 3600, 1767225600.0,
  1767225600.0,
  '{"id":"0b7a3c1e-5d7f-4a43-9a51-3f0e8a1f2b11","householdID":"default","name":"Old-Fashioned Shortbread","sourceID":"urn:fixture:shortbread","images":[],"prepTime":"PT15M","cookTime":"PT45M","ingredientSections":[{"lines":[{"text":"250 g salted butter, softened"},{"text":"125 g caster sugar"},{"text":"375 g plain flour"}]}],"instructionSections":[{"steps":[{"text":"Cream the butter and sugar, work in the flour and press into a tin."},{"text":"Bake at 150°C for 45 minutes."}]}],"keywords":["biscuits"],"courses":["Baking"],"cuisines":["Scottish"],"diets":["vegetarian"],"rating":5,"isFavorite":true,"notes":"Granny''s tin","createdAt":"2026-01-01T00:00:00Z","updatedAt":"2026-01-01T00:00:00Z"}');
INSERT INTO recipes VALUES (2, '9c2d4e6f-1a3b-4c5d-8e7f-0a1b2c3d4e5f', 'default',
  'Jalapeño Cornbread', 'url:https://example.org/cornbread', 0, NULL, 2100, 1767312000.0,
  1767312000.0,
  '{"id":"9c2d4e6f-1a3b-4c5d-8e7f-0a1b2c3d4e5f","householdID":"default","name":"Jalapeño Cornbread","sourceURL":"https://example.org/cornbread","images":[],"totalTime":"PT35M","ingredientSections":[{"lines":[{"text":"1 cup cornmeal"},{"text":"2 jalapeños, minced"}]}],"instructionSections":[{"steps":[{"text":"Bake in a hot skillet for 25 minutes."}]}],"keywords":[],"courses":["Side dish"],"cuisines":["American"],"diets":[],"isFavorite":false,"createdAt":"2026-01-02T00:00:00Z","updatedAt":"2026-01-02T00:00:00Z"}');
PRAGMA user_version = 1;
