import FilterListIcon from '@mui/icons-material/FilterList';
import { Button, useListContext, useTranslate } from 'react-admin';

/**
 * 'Filter': shows or hides the list's filter inputs (those not always on). Hiding them also drops their
 * values, so what is shown is always what filters. A list with no such inputs (none of the tabs today)
 * would show it disabled, so every tab has the same toolbar (docs/spec-notes.md §2).
 */
export function FilterToggleButton({ names }: { names: string[] }) {
  const { displayedFilters, filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  const shown = names.some((name) => displayedFilters[name]);
  const toggle = () => {
    const displayed = { ...displayedFilters };
    const values = { ...filterValues };
    for (const name of names) {
      if (shown) {
        delete displayed[name];
        delete values[name];
      } else displayed[name] = true;
    }
    setFilters(values, displayed);
  };
  return (
    <Button
      label={translate('tm.list.filter')}
      onClick={toggle}
      aria-pressed={shown}
      disabled={names.length === 0}
    >
      <FilterListIcon />
    </Button>
  );
}
