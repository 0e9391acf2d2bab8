ALTER TABLE providers ADD COLUMN status_page_url text;
