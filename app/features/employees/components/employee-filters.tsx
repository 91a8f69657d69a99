import { useId } from "react";
import { FILTERS, type Filter } from "../filters";

type FiltersProps = {
  search: string;
  filter: Filter;
  onSearch: (value: string) => void;
  onFilter: (value: Filter) => void;
};

export function EmployeeFilters({ search, filter, onSearch, onFilter }: FiltersProps) {
  const id = useId();
  return (
    <div className="filters">
      <label htmlFor={`${id}-search`} className="visually-hidden">
        Search employees
      </label>
      <input
        id={`${id}-search`}
        type="search"
        placeholder="Search by name or username"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <label htmlFor={`${id}-status`} className="visually-hidden">
        Status filter
      </label>
      <select id={`${id}-status`} value={filter} onChange={(e) => onFilter(e.target.value as Filter)}>
        {FILTERS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => {
          onSearch("");
          onFilter("all");
        }}
      >
        Clear Filters
      </button>
    </div>
  );
}
