/** English messages of the notices a newly published IFTA matrix gives final returns. */
export const rateNoticesEn = {
  more_due:
    "IFTA published %{quarter}'s rates: %{report} now comes to %{after} (was %{before}), %{difference} more due. File an amended return.",
  less_due:
    "IFTA published %{quarter}'s rates: %{report} now comes to %{after} (was %{before}), %{difference} less. An amended return claims it.",
  amend: 'File amended return',
  confirm_title: 'File the amended return?',
  confirm_text:
    '%{report} is filed again with the same lines at the published rates, dated today, as a final return that supersedes the one you filed. It comes to %{after}.',
  confirm: 'File amended return',
  amended: 'Amended return filed',
};
