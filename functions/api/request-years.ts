/**
 * The years a request can be filed for, shared by the employee's filing form and 申請管理's year select
 * (the SPA imports these values), so whatever an employee can file an admin can find: from the
 * product's first year to the company's current year plus REQUEST_YEARS_AHEAD (leave is planned ahead,
 * so in December the next January must be open).
 */
export const REQUEST_FIRST_YEAR = 2022;
export const REQUEST_YEARS_AHEAD = 1;
